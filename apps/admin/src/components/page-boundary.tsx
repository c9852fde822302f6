import { Button, Result } from 'antd';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ExceptionPanel } from './exception-panel.tsx';

/** A page's code that could not be downloaded (the server was redeployed, the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
      error.message,
    )
  );
}

interface State {
  error: unknown;
}

/**
 * Catches what a page throws while rendering: a chunk that failed to load gets the spec's 'Loading chunk
 * failed' with a reload, anything else the 500 exception page. Keyed by path in the layout, so leaving the page
 * clears it.
 */
export class PageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) {
      return (
        <Result
          status="warning"
          title={
            <h1 className="admin-result-title">
              <FormattedMessage id="app.chunk.failed" />
            </h1>
          }
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              <FormattedMessage id="app.chunk.retry" />
            </Button>
          }
        />
      );
    }
    return <ExceptionPanel status="500" onRetry={() => this.setState({ error: null })} />;
  }
}
