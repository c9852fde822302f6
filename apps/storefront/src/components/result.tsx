import type { ReactNode } from 'react';

type Tone = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<Tone, string> = { success: '✓', info: 'i', warning: '!', error: '✕' };

/** A result or notice page: icon, the page's heading, text and actions. */
export function Result({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={`result result-${tone}`}>
      <span className="result-icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <h1>{title}</h1>
      {children}
      {actions && <p className="actions">{actions}</p>}
    </section>
  );
}
