import { isReported } from '@shop/api-client';
import { AppError } from '@shop/contract';
import { showToast } from './toast-store.ts';

/**
 * For an action with no form to show a refusal in: codes 1, 2 and 500 were already shown by the API client;
 * this shows the rest (403, 404, 429 …) the same way.
 */
export function reportFailure(error: unknown): void {
  if (error instanceof AppError && !isReported(error)) showToast(error.message, { tone: 'error' });
}
