import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, ERRORS, HTTP_STATUS, type ErrorStatus } from '@leadloom/core';
import { ZodError } from 'zod';
import { isUnstorableText } from '../db/errors';

const httpCodeOf = (error: DomainError) => HTTP_STATUS[error.status] as ContentfulStatusCode;

/**
 * core's `DomainError` as the routes have long thrown it (a message is always given); any
 * `DomainError`, from a route, a service or a job, is answered the same way by `respondError`.
 */
export class ApiError extends DomainError {
  constructor(status: ErrorStatus, message: string, field?: string) {
    super(status, message, field);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'Not found') => new ApiError('not-found', what);

export function errorBody(status: string, message: string, field?: string) {
  return { error: field ? { status, message, field } : { status, message } };
}

export function zodToApiError(error: ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid request';
  return new ApiError('invalid-argument', message, field);
}

/** The database refused a character of the request (the request is rolled back). */
export const unstorableTextError = () =>
  new ApiError(
    'invalid-argument',
    'The request holds a character that cannot be stored (U+0000 or a lone surrogate).',
  );

/** The one place an error becomes an answer: `{error: {status, message, field?}}`. */
export function respondError(c: Context, error: unknown) {
  if (error instanceof ZodError) error = zodToApiError(error);
  if (isUnstorableText(error)) error = unstorableTextError();
  if (error instanceof DomainError) {
    return c.json(errorBody(error.status, error.message, error.field), httpCodeOf(error));
  }
  c.get('log')?.error({ err: error }, 'request failed');
  return c.json(errorBody(ERRORS.internal.status, ERRORS.internal.message), 500);
}
