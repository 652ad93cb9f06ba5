import { z } from 'zod';
import { PRODUCT_NAME } from './product';

/**
 * The error catalogue of SPEC §8 and the API's generic statuses (DESIGN §6), so the server,
 * the web app and the extension use one text for each situation.
 */

/** The 401 message; the client refreshes its token and retries once on it (SPEC §7). */
export const INVALID_TOKEN_MESSAGE = 'Unauthorized: Invalid token';

/**
 * One entry per status: its default message. The spec's own statuses carry the spec's text;
 * the generic ones carry a plain sentence a person can act on.
 */
export const ERRORS = {
  /** SPEC §6, §8: search (and any call) without a signed-in user. */
  'permission-denied': { status: 'permission-denied', message: 'User not logged in' },
  /** SPEC §8: the search service failed. */
  'failed-search': { status: 'failed-search', message: "Couldn't do the search" },
  /** SPEC §8: a fetch answered with a non-OK status and no usable body text. */
  'bad-response': { status: 'bad-response', message: 'Something went wrong' },
  /** SPEC §8: the fetch itself failed (network down, CORS, DNS). */
  error: { status: 'error', message: 'Network error. Please check your connection.' },
  'invalid-argument': { status: 'invalid-argument', message: 'The request is not valid' },
  unauthenticated: { status: 'unauthenticated', message: INVALID_TOKEN_MESSAGE },
  'not-found': { status: 'not-found', message: 'Not found' },
  'already-exists': { status: 'already-exists', message: 'It already exists' },
  conflict: { status: 'conflict', message: 'It was changed by someone else. Please reload.' },
  'resource-exhausted': {
    status: 'resource-exhausted',
    message: 'Limit reached. Please try again later or upgrade your plan.',
  },
  internal: { status: 'internal', message: 'Something went wrong' },
} as const satisfies Record<string, { status: string; message: string }>;

export type ErrorStatus = keyof typeof ERRORS;
export const ERROR_STATUSES = Object.keys(ERRORS) as ErrorStatus[];

/** HTTP status for each error status; the client-side ones (fetch/search) map to 5xx. */
export const HTTP_STATUS: Readonly<Record<ErrorStatus, number>> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  conflict: 409,
  'resource-exhausted': 429,
  internal: 500,
  'failed-search': 500,
  'bad-response': 502,
  error: 503,
};

export function isErrorStatus(value: unknown): value is ErrorStatus {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** HTTP status for an error status; unknown statuses are internal errors (500). */
export function httpStatusFor(status: string): number {
  return isErrorStatus(status) ? HTTP_STATUS[status] : 500;
}

/** The error status for an HTTP status the client received (the reverse mapping). */
export function errorStatusForHttp(httpStatus: number): ErrorStatus {
  switch (httpStatus) {
    case 400:
    case 422:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'conflict';
    case 429:
      return 'resource-exhausted';
    default:
      return httpStatus >= 500 ? 'internal' : 'bad-response';
  }
}

/**
 * An error a person can act on, thrown by any layer (services, jobs, functions) without knowing
 * how it will be answered: the server's one error mapper turns it into `{error: {status,
 * message, field?}}` with `HTTP_STATUS[status]`. The message defaults to the catalogue's text.
 */
export class DomainError extends Error {
  readonly status: ErrorStatus;
  /** Path of the offending field or header, for a 400 a form can point at. */
  readonly field: string | undefined;

  constructor(status: ErrorStatus, message?: string, field?: string) {
    super(message ?? ERRORS[status].message);
    this.name = 'DomainError';
    this.status = status;
    this.field = field;
  }

  /** The HTTP status it is answered with (SPEC §8's table, `HTTP_STATUS`). */
  get httpCode(): number {
    return HTTP_STATUS[this.status];
  }

  /** The error's answer body (DESIGN §6). */
  toBody(): ApiErrorBody {
    return apiError(this.status, this.message, this.field);
  }
}

/** A 404 for something the caller may not see or that does not exist (never saying which). */
export const notFound = (what = 'Not found') => new DomainError('not-found', what);

/** The JSON error body of every API answer (DESIGN §6). */
export interface ApiErrorBody {
  error: {
    status: string;
    message: string;
    /** Path of the offending field, for 400s on a form. */
    field?: string;
  };
}

export const apiErrorBodySchema = z.object({
  error: z.object({
    status: z.string().min(1),
    message: z.string(),
    field: z.string().optional(),
  }),
});

/** Builds an error body; the message defaults to the catalogue's text for the status. */
export function apiError(status: ErrorStatus, message?: string, field?: string): ApiErrorBody {
  const error: ApiErrorBody['error'] = { status, message: message ?? ERRORS[status].message };
  if (field !== undefined) error.field = field;
  return { error };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return apiErrorBodySchema.safeParse(value).success;
}

/** SPEC §8: the message of a failed callable function call. */
export function callableErrorMessage(name: string): string {
  return `Error calling function "${name}"`;
}

/** SPEC §8: thrown when the team token cannot be minted. */
export const MINT_TOKEN_FAILURE_MESSAGE =
  'Failed to mint custom token. Cannot connect to Team instance.';

/** SPEC §8: extension messaging is unavailable (not running inside the extension). */
export const EXTENSION_MESSAGING_UNAVAILABLE_MESSAGE =
  'Cannot send message to background script. Chrome.runtime is not available.';

/** SPEC §8: title of the persistent dialog shown on an old hosting domain. */
export const WRONG_WEB_ADDRESS_TITLE = 'Wrong Web Address!';

/** Body of that dialog: where to go instead. */
export function wrongWebAddressMessage(correctUrl: string): string {
  return `You are using an old address of ${PRODUCT_NAME}. Please use ${correctUrl} instead.`;
}

/** SPEC §8: shown while a partner single-sign-on link is prepared. */
export const AUTHORIZED_LINK_MESSAGE = 'Generating Authorized Link.... please wait';

/** SPEC §8: persistent warnings about the companion extension. */
export const EXTENSION_NOT_INSTALLED_MESSAGE = `${PRODUCT_NAME} Extension is not installed. Automations and Message Queue will not start.`;
export const EXTENSION_NOT_LOGGED_IN_MESSAGE = `${PRODUCT_NAME} Extension is not logged in. Automations and Message Queue will not start.`;

/** SPEC §8: the notice shown when a new web app version is out. */
export function newVersionMessage(version: string): string {
  return `${PRODUCT_NAME} has been updated to version ${version}. Please refresh your browser.`;
}
