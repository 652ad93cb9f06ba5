import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERRORS, HTTP_STATUS, type ErrorStatus } from '@leadloom/core';
import { ZodError } from 'zod';
import { isUnstorableText } from '../db/errors';

/** An error a person can act on; answered as `{error: {status, message, field?}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  get httpCode(): ContentfulStatusCode {
    return HTTP_STATUS[this.status] as ContentfulStatusCode;
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

export function respondError(c: Context, error: unknown) {
  if (error instanceof ZodError) error = zodToApiError(error);
  if (isUnstorableText(error)) error = unstorableTextError();
  if (error instanceof ApiError) {
    return c.json(errorBody(error.status, error.message, error.field), error.httpCode);
  }
  c.get('log')?.error({ err: error }, 'request failed');
  return c.json(errorBody(ERRORS.internal.status, ERRORS.internal.message), 500);
}
