import { isAPIError } from 'better-auth/api';
import { ApiError } from '../http/errors';
import type { Services } from '../services';

export interface SignedUp {
  uid: string;
  /** better-auth's answer headers: Set-Cookie carries the new session. */
  headers: Headers;
}

/**
 * Creates a user through better-auth, so the password hash and the session cookie are its own,
 * and signs them in. better-auth runs this in its own transaction on the shared pool: the caller
 * must not hold a withTx (DESIGN §3).
 */
export async function signUpWithAuth(
  services: Services,
  body: { name: string; email: string; password: string },
): Promise<SignedUp> {
  try {
    const { headers, response } = await services.auth.api.signUpEmail({
      body,
      returnHeaders: true,
    });
    return { uid: response.user.id, headers };
  } catch (error) {
    if (isAPIError(error) && String(error.body?.code ?? '').startsWith('USER_ALREADY_EXISTS')) {
      throw new ApiError('already-exists', 'An account with this e-mail already exists.', 'email');
    }
    // Two sign-ups of one address at once (two confirmation links opened together): better-auth
    // checks the address before its insert, so the second meets the unique index and reports
    // only "failed to create user". The address has an account now: the same answer as above.
    if (isAPIError(error) && error.body?.code === 'FAILED_TO_CREATE_USER') {
      const ctx = await services.auth.$context;
      if (await ctx.internalAdapter.findUserByEmail(body.email.toLowerCase())) {
        throw new ApiError(
          'already-exists',
          'An account with this e-mail already exists.',
          'email',
        );
      }
    }
    if (isAPIError(error) && error.body?.code === 'PASSWORD_TOO_SHORT') {
      throw new ApiError('invalid-argument', 'password: the password is too short', 'password');
    }
    throw error;
  }
}
