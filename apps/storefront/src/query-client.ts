import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. No automatic retries: every failed call has already been reported by a toast (or is an
 * expected 401/404 the page shows), and a retry would report it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
