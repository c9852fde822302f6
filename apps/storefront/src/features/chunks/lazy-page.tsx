import { Component, lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageLoading } from '../../components/page-loading.tsx';
import { ChunkLoadError, loadChunk } from './load-chunk.ts';

type PageModule = { default: ComponentType };

/** A page component that can start downloading its chunk before it is rendered. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page loaded on demand: a placeholder while its chunk loads, and a "Loading chunk failed" notice with a
 * retry button (which imports the chunk again) instead of a blank screen when it does not arrive. `preload`
 * fetches the chunk early (at start-up, beside the locale catalog); a page already loaded renders at once,
 * without a placeholder frame.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<PageModule> | null = null;
  const start = () => {
    if (!pending) {
      const attempt = loadChunk(load);
      pending = attempt;
      attempt.then(
        (module) => (loaded = module.default),
        // A failed download is tried afresh by the next render or retry.
        () => (pending = null),
      );
    }
    return pending;
  };
  const create = () => lazy(start);
  // Shared by every visit: once loaded, the page renders at once; a retry replaces a failed loader.
  const slot = { Page: create() };

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      slot.Page = create();
      setAttempt((n) => n + 1);
    };
    const Page = loaded ?? slot.Page;
    return (
      <PageErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return Object.assign(LazyPage, {
    /** Resolves when the chunk is in, or could not be had (the page's render shows that failure). */
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a failed chunk (and any other error while rendering a page) so the layout stays usable. */
export class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <PageFailure error={this.state.error} onRetry={this.props.onRetry} />;
  }
}

function PageFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const title =
    error instanceof ChunkLoadError
      ? error.kind === 'css'
        ? 'chunk.cssFailed'
        : 'chunk.failed'
      : 'error.page';
  return (
    <section className="result result-error" role="alert">
      <h1>
        <FormattedMessage id={title} />
      </h1>
      {error instanceof ChunkLoadError && (
        <p>
          <FormattedMessage id="chunk.hint" />
        </p>
      )}
      <p className="actions">
        <button type="button" className="button button-primary" onClick={onRetry}>
          <FormattedMessage id="chunk.retry" />
        </button>
      </p>
    </section>
  );
}
