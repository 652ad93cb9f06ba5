import { newPushId, TIERS } from '@leadloom/core';
import { signUpWithAuth } from '../../auth/sign-up';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { insertTeam } from '../teams/repo';

const scope = systemScope('sign-up');

/** A new team tries the basic tier for 14 days (issue: identity, teams, members, plans). */
export const TRIAL_DAYS = 14;

/** SPEC §3 Subscription of a new team: trialing on tier 1's limits, Facebook at basic. */
export function trialSubscription(now: Date): Record<string, unknown> {
  const tier = TIERS[1];
  return {
    status: 'trialing',
    tier: { value: tier.tier, name: tier.name },
    includedContacts: tier.contacts,
    includedSeats: tier.seats,
    addons: { contactBlocks: 0, teamMembers: 0 },
    platforms: { facebook: { level: 'basic' } },
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
    stripeData: { baseSub: { status: 'trialing', createdAt: now.toISOString() } },
  };
}

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
 * again, so the e-mail can sign up once more.
 */
export async function signUp(
  services: Services,
  input: SignUp,
): Promise<{ uid: string; teamUID: string; headers: Headers }> {
  // better-auth's sign-up transaction must be over before ours starts (one embedded connection).
  const { uid, headers } = await signUpWithAuth(services, {
    name: input.name,
    email: input.email,
    password: input.password,
  });
  const teamUID = newPushId();
  try {
    await withTx(services.database, scope, (tx) =>
      insertTeam(scope, tx.db, {
        teamUID,
        name: input.teamName,
        slug: `team-${teamUID.toLowerCase()}`,
        ownerUID: uid,
        subscription: trialSubscription(new Date()),
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
