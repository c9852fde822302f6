import type { Db } from './client.ts';

/** PostgreSQL's "try again" errors: a deadlock victim, or a serialization failure. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

export function isRetryableConflict(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return RETRYABLE_CODES.has(e?.code ?? '') || RETRYABLE_CODES.has(e?.cause?.code ?? '');
}

/**
 * Runs `work` in one transaction and runs it again, from the start, when PostgreSQL chose it as a deadlock victim
 * or could not serialise it. Locks are taken in one global order (orders, charges, SKUs by id, goods by id, coupon
 * claims), so this should never be needed; it is the guarantee that a shopper never sees one as a failure.
 * `work` must not have effects outside the transaction before it returns.
 */
export async function transact<T>(db: Db, work: (tx: Db) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      // A short random pause so that the two transactions that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
