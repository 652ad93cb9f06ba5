import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../../db/database';
import { systemScope, type TeamScope } from '../../db/scope';
import { ApiError, notFound } from '../../http/errors';
import { listPipelines } from '../board/repo';
import { findUser, membershipsOf, resolveTeamScope, standingAndTeamScope } from './repo';

const directory = systemScope('membership lookup');

/**
 * Scopes read with a request's identity check (`standingAndScope`), keyed `uid`, `teamUID`:
 * the request's first `teamScopeFor` of that team takes its entry, so a team route costs one
 * read for both checks; any later call (a realtime stream re-checking membership) reads again.
 */
const requestScopes = new AsyncLocalStorage<Map<string, TeamScope | null>>();
const scopeKey = (uid: string, teamUID: string) => `${uid}\n${teamUID}`;

/**
 * A user's standing (through their session `sid`) and their scope in a team, in one read (the
 * identity check of a team route).
 */
export const standingAndScope = (database: Database, uid: string, sid: string, teamUID: string) =>
  standingAndTeamScope(directory, database.db, uid, sid, teamUID);

/** Runs `fn` (the rest of a request) with the caller's scope in `teamUID` already read. */
export function withRequestScope<T>(
  uid: string,
  teamUID: string,
  scope: TeamScope | null,
  fn: () => T,
): T {
  return requestScopes.run(new Map([[scopeKey(uid, teamUID), scope]]), fn);
}

/** The caller's scope in a team; a team they are not in answers 404 like one that does not exist. */
export async function teamScopeFor(
  database: Database,
  uid: string,
  teamUID: string,
): Promise<TeamScope> {
  const memo = requestScopes.getStore();
  const key = scopeKey(uid, teamUID);
  let scope: TeamScope | null;
  if (memo?.has(key)) {
    scope = memo.get(key)!;
    memo.delete(key);
  } else scope = await resolveTeamScope(directory, database.db, uid, teamUID);
  if (!scope) throw notFound('Team not found');
  return scope;
}

/** SPEC §3 "User (logged user data)". */
export async function loggedUserData(database: Database, uid: string) {
  const user = await findUser(directory, database.db, uid);
  if (!user) throw new ApiError('not-found', 'User data not found');
  const memberships = await membershipsOf(directory, database.db, uid);
  const current =
    memberships.find((m) => m.teamUID === user.currentTeamUID) ?? memberships[0] ?? null;
  const groupAccess: Record<string, string[]> = {};
  for (const m of memberships) {
    const scope = await teamScopeFor(database, uid, m.teamUID);
    groupAccess[m.teamUID] = (await listPipelines(scope, database.db)).map((p) => p.groupUID);
  }
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    photoURL: user.image,
    teamUID: current?.teamUID ?? null,
    teams: memberships.map((m) => ({
      teamUID: m.teamUID,
      teamOwner: m.ownerUID,
      name: m.teamName,
      role: m.role,
    })),
    currentTeam: current
      ? {
          teamUID: current.teamUID,
          teamOwner: current.ownerUID,
          role: current.role,
          name: current.teamName,
        }
      : null,
    passwordSet: user.passwordSet,
    termsVersion: user.termsVersion,
    defaultContactView: user.defaultContactView,
    groupAccess,
  };
}
