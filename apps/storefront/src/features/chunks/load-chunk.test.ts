import { CHUNK_LOAD_TIMEOUT_MS } from '@shop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './load-chunk.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('turns a failed script import into "Loading chunk failed"', async () => {
    const failure = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({ kind: 'js', message: 'Loading chunk failed' });
  });

  it('turns a failed stylesheet into "Loading CSS chunk failed"', async () => {
    const failure = loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/home.css')));
    await expect(failure).rejects.toMatchObject({ kind: 'css', message: 'Loading CSS chunk failed' });
  });

  it('fails an import that takes longer than 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}));
    const outcome = expect(pending).rejects.toMatchObject({ kind: 'js', cause: 'timeout' });
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await outcome;
  });
});
