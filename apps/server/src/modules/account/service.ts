import { DEFAULT_TIME_ZONE, newPushId, DomainError } from '@leadloom/core';
import type { Identity } from '../../auth/identity-token';
import { setInitialPassword } from '../../auth/repo';
import { systemScope } from '../../db/scope';
import { withTx, type Db } from '../../db/tx';
import type { Services } from '../../services';
import { loggedUserData } from '../teams/service';
import { teamScopeFor } from '../../scope/team-scope';
import {
  acceptTerms,
  profileExtras,
  setCurrentTeam,
  updateAccount,
  type AccountPatch,
} from './repo';

const scope = systemScope('account');

/** The person's time zone (their working hours, their "today"); UTC until they choose one. */
export async function timeZoneOf(db: Db, uid: string): Promise<string> {
  return (await profileExtras(scope, db.db, uid)).timeZone || DEFAULT_TIME_ZONE;
}

/** GET /api/me: SPEC §3 logged user data, plus the time zone and the super-admin flag. */
export async function me(services: Services, identity: Identity) {
  const data = await loggedUserData(services.database, identity.uid);
  const extras = await profileExtras(scope, services.database.db, identity.uid);
  // isSuper comes from the database (requireIdentity re-reads it), never from the token.
  return { ...data, timeZone: extras.timeZone, isSuper: identity.isSuper };
}

export async function patchMe(services: Services, identity: Identity, patch: AccountPatch) {
  await withTx(services.database, scope, (tx) => updateAccount(scope, tx.db, identity.uid, patch));
  return me(services, identity);
}

/** The default team for new tabs; a team the user is not in answers 404. */
export async function switchTeam(services: Services, uid: string, teamUID: string) {
  await teamScopeFor(services.database, uid, teamUID);
  await withTx(services.database, scope, (tx) => setCurrentTeam(scope, tx.db, uid, teamUID));
}

export async function recordTermsAccepted(services: Services, uid: string, version: string) {
  await withTx(services.database, scope, (tx) => acceptTerms(scope, tx.db, uid, version));
}

/**
 * An invited user's first password (SPEC §4: the guard sends them to /password-reset?initial).
 * Hashed by better-auth's own hasher, so sign-in verifies it; allowed once, while passwordSet
 * is false. The hash is made before the transaction (it is slow and needs no connection).
 */
export async function setFirstPassword(services: Services, uid: string, password: string) {
  const ctx = await services.auth.$context;
  const hash = await ctx.password.hash(password);
  const done = await withTx(services.database, scope, (tx) =>
    setInitialPassword(scope, tx.db, { uid, hash, accountId: newPushId() }),
  );
  if (!done) {
    throw new DomainError(
      'already-exists',
      'Your password is already set. Change it from your profile instead.',
    );
  }
}
