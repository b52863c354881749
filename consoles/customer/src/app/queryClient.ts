import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The console's one query client. A 4xx is an answer, not a glitch: only network failures and 5xx are
 * retried (twice). Lists stay fresh for 30 s; a window regaining focus refreshes what is stale.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});
