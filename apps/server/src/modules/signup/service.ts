import { newPushId, trialSubscription } from '@leadloom/core';
import { signUpWithAuth } from '../../auth/sign-up';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { createTeam } from '../teams/create-team';

const scope = systemScope('sign-up');

export interface SignUp {
  name: string;
  email: string;
  password: string;
  teamName: string;
}

/**
 * A new user (through better-auth: its hash, its session cookie) owning a new team on a trial.
 * Their profile starts with passwordSet true and no accepted terms, so the navigation guard sends
 * them to accept the terms first (SPEC §4). If the team cannot be written, the user is removed
 * again, so the e-mail can sign up once more. `passwordHash` (a confirmed sign-up, whose password
 * was hashed when the form was sent) replaces the hash of `input.password`.
 */
export async function signUp(
  services: Services,
  input: SignUp,
  options: { passwordHash?: string } = {},
): Promise<{ uid: string; teamUID: string; headers: Headers }> {
  // better-auth's sign-up transaction must be over before ours starts (one embedded connection).
  const { uid, headers } = await signUpWithAuth(services, {
    name: input.name,
    email: input.email,
    password: input.password,
  });
  const teamUID = newPushId();
  try {
    // A confirmed sign-up brings the password already hashed (by better-auth, at the form).
    if (options.passwordHash) {
      const ctx = await services.auth.$context;
      await ctx.internalAdapter.updatePassword(uid, options.passwordHash);
    }
    await withTx(services.database, scope, (tx) =>
      createTeam(scope, tx.db, {
        teamUID,
        name: input.teamName,
        slug: `team-${teamUID.toLowerCase()}`,
        ownerUID: uid,
        subscription: trialSubscription(services.clock.now()),
      }),
    );
  } catch (error) {
    const ctx = await services.auth.$context;
    await ctx.internalAdapter.deleteUser(uid).catch((err: unknown) => {
      services.logger.error({ err, uid }, 'could not remove a half-made sign-up');
    });
    throw error;
  }
  return { uid, teamUID, headers };
}
