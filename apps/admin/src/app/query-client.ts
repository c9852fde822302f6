import { QueryClient } from '@tanstack/react-query';
import { AppError, Code } from '@shop/contract';

/** Retries only what may pass a second time (network, 500); never a refusal, a 401/403/404 or bad input. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !(error instanceof AppError) || error.code === Code.internal;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
