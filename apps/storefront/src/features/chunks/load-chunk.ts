import { CHUNK_LOAD_TIMEOUT_MS } from '@shop/contract';

/** A lazily loaded part of the app that did not arrive: its script (`js`) or its stylesheet (`css`). */
export class ChunkLoadError extends Error {
  constructor(
    readonly kind: 'js' | 'css',
    options?: { cause?: unknown },
  ) {
    super(kind === 'css' ? 'Loading CSS chunk failed' : 'Loading chunk failed', options);
    this.name = 'ChunkLoadError';
  }
}

// Vite's preload helper rejects with "Unable to preload CSS for …" when a chunk's stylesheet fails.
const isCssFailure = (error: unknown) => error instanceof Error && /\bCSS\b/.test(error.message);

/**
 * Runs a dynamic import, failing it with a `ChunkLoadError` when it rejects or takes longer than the spec's
 * 120 s, so a page shows "Loading chunk failed" with a retry instead of waiting forever.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('js', { cause: 'timeout' })), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(isCssFailure(error) ? 'css' : 'js', { cause: error }));
      },
    );
  });
}
