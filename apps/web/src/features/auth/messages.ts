import { isApiError } from '../../lib/api';

/** SPEC §5: the identity provider's default minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;

export const OFFLINE_MESSAGE = "Can't reach Leadloom. Check your connection and try again.";
export const THROTTLED_MESSAGE = 'Too many attempts. Wait a minute, then try again.';
const GENERIC_MESSAGES = new Set(['Something went wrong', '']);

/** A sentence for the person at the keyboard, whatever went wrong. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 'error' || error.httpStatus === null) return OFFLINE_MESSAGE;
    // A throttled answer carries the server's own wording; fall back to ours without one.
    if (error.httpStatus === 429 && GENERIC_MESSAGES.has(error.message)) return THROTTLED_MESSAGE;
    return error.message || 'Something went wrong';
  }
  return 'Something went wrong';
}

/** The message for a too-short or missing new password, or null when it is fine. */
export function newPasswordProblem(password: string): string | null {
  if (!password) return 'Choose a password';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  return null;
}

/** The body's path for the sign-in screens: /login or /secret-login, as the user came. */
export function loginBase(pathname: string): '/login' | '/secret-login' {
  return pathname.startsWith('/secret-login') ? '/secret-login' : '/login';
}

/** `path` with the `next` query carried over (when there is one). */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
