import crypto from 'node:crypto';
import { DomainError } from '@leadloom/core';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { sendMail } from '../mail/service';
import { confirmSignupMail, existingAccountMail } from './mails';
import {
  claimPendingSignup,
  deleteExpiredPendingSignups,
  findPendingSignup,
  insertPendingSignup,
  releasePendingSignup,
} from './pending.repo';
import { signUp, type SignUp } from './service';

const scope = systemScope('sign-up confirmation');

/** How long a confirmation link works. */
export const PENDING_SIGNUP_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Sign-up when mail is sent (SMTP_URL): the answer must not tell whether the address has an
 * account, so both cases do the same work (one password hash, one transaction, one mail) and the
 * caller answers alike. A new address gets a confirmation link and is stored as pending; an
 * existing one gets a notice pointing to sign-in and reset, and nothing is stored.
 */
export async function requestSignUp(services: Services, input: SignUp): Promise<void> {
  const ctx = await services.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  const existing = await ctx.internalAdapter.findUserByEmail(input.email);
  const token = crypto.randomBytes(32).toString('base64url');
  await withTx(services.database, scope, async (tx) => {
    await deleteExpiredPendingSignups(scope, tx.db);
    if (existing) return;
    await insertPendingSignup(scope, tx.db, {
      tokenHash: hashToken(token),
      email: input.email,
      name: input.name,
      teamName: input.teamName,
      passwordHash,
      // Real time, not the app clock: the link's token is a credential (see invitations.ts).
      expiresAt: new Date(Date.now() + PENDING_SIGNUP_TTL_MS),
    });
  });
  const { publicUrl } = services.config;
  await sendMail(
    services,
    existing
      ? existingAccountMail(publicUrl, input.email, existing.user.name)
      : confirmSignupMail(publicUrl, input.email, input.name, token),
  );
}

/**
 * Opening the confirmation link: the account and team are made exactly as an immediate sign-up
 * makes them, and the user is signed in. A token works once; if the account cannot be made (an
 * unexpected failure), it is given back so the link can be opened again.
 */
export async function confirmSignUp(
  services: Services,
  token: string,
): Promise<{ uid: string; teamUID: string; headers: Headers }> {
  const tokenHash = hashToken(token);
  const pending = await withTx(services.database, scope, (tx) =>
    claimPendingSignup(scope, tx.db, tokenHash),
  );
  if (!pending) {
    const row = await findPendingSignup(scope, services.database.db, tokenHash);
    if (row?.usedAt) {
      throw new DomainError('not-found', 'This sign-up link was already used. Sign in instead.');
    }
    if (row) throw new DomainError('not-found', 'This sign-up link has expired. Sign up again.');
    throw new DomainError('not-found', 'This sign-up link is not valid. Sign up again.');
  }
  try {
    return await signUp(
      services,
      {
        name: pending.name,
        email: pending.email,
        // Replaced at once by the hash made when the form was sent; nobody ever knows this one.
        password: crypto.randomBytes(32).toString('base64url'),
        teamName: pending.teamName,
      },
      { passwordHash: pending.passwordHash },
    );
  } catch (error) {
    // An address that got an account meanwhile (another link, an invitation) keeps the token used.
    if (!(error instanceof DomainError && error.status === 'already-exists')) {
      await withTx(services.database, scope, (tx) =>
        releasePendingSignup(scope, tx.db, tokenHash),
      ).catch(() => {});
    }
    throw error;
  }
}
