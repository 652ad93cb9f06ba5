import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/**
 * Retry only what can get better by itself: network failures and 5xx answers, twice.
 * A 4xx (no session, not found, invalid input) will answer the same way again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.httpStatus !== null && error.httpStatus < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
