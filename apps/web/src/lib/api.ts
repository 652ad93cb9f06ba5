/**
 * The web app's only door to the server (DESIGN §8): nothing else calls `fetch`.
 *
 * - Sign-in and sign-out go to better-auth under /api/auth and ride on the HttpOnly session
 *   cookie.
 * - Every other call carries `Authorization: Bearer <identity token>` (SPEC §7). The token is a
 *   15-minute JWT minted from the session by GET /api/auth/token; it is kept in memory only,
 *   fetched lazily, and concurrent callers share one in-flight refresh.
 * - An answer of 401 "Unauthorized: Invalid token" refreshes the token and retries once.
 * - Failures become a typed `ApiError` with the SPEC §8 status and message.
 */
import {
  ERRORS,
  INVALID_TOKEN_MESSAGE,
  isApiErrorBody,
  type InvitationAccepted,
  type SignedUp,
  type SignupBody,
  type SignupCheckMail,
} from '@leadloom/core';

export class ApiError extends Error {
  /** SPEC §8 / DESIGN §6 status code, e.g. 'permission-denied', 'bad-response', 'error'. */
  readonly status: string;
  /** HTTP status of the answer; null when no answer arrived (network failure). */
  readonly httpStatus: number | null;
  /** Path of the offending input field, when the server names one. */
  readonly field: string | undefined;

  constructor(init: {
    status: string;
    message: string;
    httpStatus: number | null;
    field?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.httpStatus = init.httpStatus;
    this.field = init.field;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `X-Change-Id` so the realtime stream can skip an echo. */
  headers?: Record<string, string>;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** POST /api/signup's body and answers: core's contracts. */
export type SignUpBody = SignupBody;
export type SignUpAnswer = SignedUp | SignupCheckMail;

export interface ApiClientOptions {
  /** Origin to prefix paths with; '' (same origin) in the browser, a test server in tests. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Clock for token expiry; injectable for tests. */
  now?: () => number;
}

/** Refresh a token this long before its `exp`, so it never expires in flight. */
const TOKEN_EXPIRY_MARGIN_MS = 30_000;

interface Answer {
  response: Response;
  body: unknown;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  let token: string | null = null;
  let tokenExpiresAt: number | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function send(method: string, path: string, opts: RequestOptions, bearer?: string) {
    const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let response: Response;
    try {
      response = await fetchImpl(baseUrl + path + queryString(opts.query), {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials: 'same-origin',
        signal: opts.signal,
      });
    } catch (cause) {
      // A cancelled query is not a network failure; let the caller see the abort as is.
      if (opts.signal?.aborted) throw cause;
      throw new ApiError({ ...ERRORS.error, httpStatus: null });
    }
    return { response, body: await readBody(response) } satisfies Answer;
  }

  function unwrap<T>({ response, body }: Answer): T {
    if (!response.ok) throw errorFromAnswer(response, body);
    return body as T;
  }

  function fetchToken(): Promise<string> {
    tokenRequest ??= (async () => {
      try {
        const answer = await send('GET', '/api/auth/token', {});
        if (answer.response.status === 401) {
          throw new ApiError({ ...ERRORS['permission-denied'], httpStatus: 401 });
        }
        const { token: fresh } = unwrap<{ token?: unknown }>(answer);
        if (typeof fresh !== 'string' || fresh === '') {
          throw new ApiError({ ...ERRORS['bad-response'], httpStatus: answer.response.status });
        }
        token = fresh;
        tokenExpiresAt = jwtExpiry(fresh);
        return fresh;
      } finally {
        tokenRequest = null;
      }
    })();
    return tokenRequest;
  }

  /** The current identity token, fetched when missing or about to expire. */
  function getToken(): Promise<string> {
    const fresh =
      token !== null &&
      (tokenExpiresAt === null || tokenExpiresAt - TOKEN_EXPIRY_MARGIN_MS > now());
    return fresh && token !== null ? Promise.resolve(token) : fetchToken();
  }

  /**
   * Drops `stale` so the next caller fetches a new token. Only the token that was rejected is
   * dropped: when several calls fail with the same old token, the first one's refresh is kept.
   */
  function forgetToken(stale?: string) {
    if (stale === undefined || token === stale) {
      token = null;
      tokenExpiresAt = null;
    }
  }

  /** An app API call with the identity token, refreshed and retried once if rejected. */
  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const first = await getToken();
    let answer = await send(method, path, opts, first);
    if (isInvalidTokenAnswer(answer)) {
      forgetToken(first);
      answer = await send(method, path, opts, await getToken());
    }
    return unwrap<T>(answer);
  }

  /** A call that needs no identity token (public routes, better-auth's cookie routes). */
  async function publicRequest<T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<T> {
    return unwrap<T>(await send(method, path, opts));
  }

  /**
   * A call that carries the identity token when there is a session, and goes without one when
   * there is none (accepting an invitation works both ways).
   */
  async function optionalAuthRequest<T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<T> {
    let bearer: string | undefined;
    try {
      bearer = await getToken();
    } catch (error) {
      if (!(isApiError(error) && error.httpStatus === 401)) throw error;
    }
    if (bearer === undefined) return publicRequest<T>(method, path, opts);
    let answer = await send(method, path, opts, bearer);
    if (isInvalidTokenAnswer(answer)) {
      forgetToken(bearer);
      answer = await send(method, path, opts, await getToken());
    }
    return unwrap<T>(answer);
  }

  /**
   * Opens a streaming GET (the realtime Server-Sent Events stream) with the identity token; the
   * body is left unread for the caller. A rejected token is refreshed once; any other non-OK
   * answer becomes an ApiError.
   */
  async function openStream(path: string, opts: Omit<RequestOptions, 'body'> = {}) {
    const open = async (bearer: string) => {
      try {
        return await fetchImpl(baseUrl + path + queryString(opts.query), {
          method: 'GET',
          headers: {
            ...opts.headers,
            Accept: 'text/event-stream',
            Authorization: `Bearer ${bearer}`,
          },
          credentials: 'same-origin',
          signal: opts.signal,
        });
      } catch (cause) {
        if (opts.signal?.aborted) throw cause;
        throw new ApiError({ ...ERRORS.error, httpStatus: null });
      }
    };
    const first = await getToken();
    let response = await open(first);
    if (!response.ok) {
      const answer = { response, body: await readBody(response) };
      if (!isInvalidTokenAnswer(answer)) throw errorFromAnswer(response, answer.body);
      forgetToken(first);
      response = await open(await getToken());
      if (!response.ok) throw errorFromAnswer(response, await readBody(response));
    }
    return response;
  }

  /**
   * A POST whose answer is a file (a CSV export): the identity token as for `request`, the
   * response handed back with its body unread so the caller can follow the download's progress.
   * A non-OK answer becomes an ApiError (a rejected token is refreshed once).
   */
  async function download(path: string, body: unknown, opts: { signal?: AbortSignal } = {}) {
    const open = async (bearer: string) => {
      try {
        return await fetchImpl(baseUrl + path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
          body: JSON.stringify(body),
          credentials: 'same-origin',
          signal: opts.signal,
        });
      } catch (cause) {
        if (opts.signal?.aborted) throw cause;
        throw new ApiError({ ...ERRORS.error, httpStatus: null });
      }
    };
    const first = await getToken();
    let response = await open(first);
    if (!response.ok) {
      const answer = { response, body: await readBody(response) };
      if (!isInvalidTokenAnswer(answer)) throw errorFromAnswer(response, answer.body);
      forgetToken(first);
      response = await open(await getToken());
      if (!response.ok) throw errorFromAnswer(response, await readBody(response));
    }
    return response;
  }

  return {
    request,
    openStream,
    /** The identity token (fetched when missing): resolves after the calls already waiting on it have been sent. */
    identityToken: getToken,
    download,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    publicRequest,
    optionalAuthRequest,
    getToken,
    forgetToken,

    /** better-auth e-mail sign-in; sets the session cookie. */
    async signIn(email: string, password: string): Promise<SignedInUser> {
      forgetToken();
      const answer = await send('POST', '/api/auth/sign-in/email', { body: { email, password } });
      return unwrap<{ user: SignedInUser }>(answer).user;
    },

    /**
     * POST /api/signup: a new account owning a new team; sets the session cookie. When the server
     * sends mail, nothing is made yet: it answers `check-mail` and the mailed link finishes it.
     */
    async signUp(body: SignUpBody): Promise<SignUpAnswer> {
      forgetToken();
      return publicRequest('POST', '/api/signup', { body });
    },

    /** POST /api/signup/confirm: the mailed link's token makes the account; sets the session cookie. */
    async confirmSignUp(token: string): Promise<SignedUp> {
      forgetToken();
      return publicRequest('POST', '/api/signup/confirm', { body: { token } });
    },

    /**
     * Accepts an invitation: with the session's token when signed in, else as a new account
     * (the server then sets a session cookie). The token is dropped either way: the session
     * may have changed.
     */
    async acceptInvitation(
      inviteCode: string,
      body: { name?: string } = {},
    ): Promise<InvitationAccepted> {
      try {
        return await optionalAuthRequest(
          'POST',
          `/api/invitations/${encodeURIComponent(inviteCode)}/accept`,
          { body },
        );
      } finally {
        forgetToken();
      }
    },

    /** Mails a reset link; the server answers the same whether or not the e-mail exists. */
    async requestPasswordReset(email: string, redirectTo = '/password-reset'): Promise<void> {
      await publicRequest('POST', '/api/auth/request-password-reset', {
        body: { email, redirectTo },
      });
    },

    /** Sets a new password with the token of a reset link. */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      await publicRequest('POST', '/api/auth/reset-password', { body: { token, newPassword } });
    },

    /** "Sign out everywhere": ends every session of the user, this one included. */
    async revokeSessions(): Promise<void> {
      try {
        await publicRequest('POST', '/api/auth/revoke-sessions', { body: {} });
      } finally {
        forgetToken();
      }
    },

    /** Ends the session; the in-memory token is dropped even if the server is unreachable. */
    async signOut(): Promise<void> {
      try {
        unwrap(await send('POST', '/api/auth/sign-out', { body: {} }));
      } finally {
        forgetToken();
      }
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin (Vite proxies the server paths in development). */
export const api = createApiClient();

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isInvalidTokenAnswer({ response, body }: Answer): boolean {
  if (response.status !== 401 || !isObject(body)) return false;
  const message = isObject(body.error) ? body.error.message : body.message;
  return message === INVALID_TOKEN_MESSAGE;
}

/**
 * Maps a non-OK answer to an ApiError. Understands the app's `{error:{status,message,field?}}`
 * (DESIGN §6) and better-auth's `{message, code}`; a plain-text body becomes the message
 * (SPEC §8 "or the body text"); anything else is 'bad-response' / 'Something went wrong'.
 */
export function errorFromAnswer(response: Response, body: unknown): ApiError {
  const httpStatus = response.status;
  if (isApiErrorBody(body)) {
    const { status, message, field } = body.error;
    return new ApiError({ status, message, httpStatus, ...(field ? { field } : {}) });
  }
  if (isObject(body) && typeof body.message === 'string' && body.message !== '') {
    const status = typeof body.code === 'string' ? body.code : ERRORS['bad-response'].status;
    return new ApiError({ status, message: body.message, httpStatus });
  }
  const isPlainText = response.headers.get('content-type')?.startsWith('text/plain') ?? false;
  if (isPlainText && typeof body === 'string' && body.trim() !== '') {
    return new ApiError({
      status: ERRORS['bad-response'].status,
      message: body.trim(),
      httpStatus,
    });
  }
  return new ApiError({ ...ERRORS['bad-response'], httpStatus });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `exp` of a JWT in ms, or null when the token carries none we can read. */
function jwtExpiry(jwt: string): number | null {
  try {
    const payload = jwt.split('.')[1];
    if (!payload) return null;
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return isObject(json) && typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}
