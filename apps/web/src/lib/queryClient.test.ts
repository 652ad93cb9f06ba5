import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { shouldRetry } from './queryClient';

const apiError = (httpStatus: number | null) =>
  new ApiError({ status: 'x', message: 'x', httpStatus });

describe('shouldRetry', () => {
  it('retries network failures and server errors twice', () => {
    expect(shouldRetry(0, apiError(null))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });

  it('never retries client errors', () => {
    expect(shouldRetry(0, apiError(401))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
  });
});
