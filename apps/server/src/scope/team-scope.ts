import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainError } from '@leadloom/core';
import type { Database } from '../db/database';
import { systemScope, type TeamScope } from '../db/scope';
import type { Db } from '../db/tx';
import { resolveTeamScope, standingAndTeamScope } from './repo';

/**
 * Who the caller is in a team: the one place that turns a user and a team into a `TeamScope`
 * (DESIGN §4). Team routes get theirs from `http/team-route.ts`; spec paths, the realtime
 * stream and jobs call `teamScopeFor` themselves.
 */

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
export async function teamScopeFor(db: Db, uid: string, teamUID: string): Promise<TeamScope> {
  const memo = requestScopes.getStore();
  const key = scopeKey(uid, teamUID);
  let scope: TeamScope | null;
  if (memo?.has(key)) {
    scope = memo.get(key)!;
    memo.delete(key);
  } else scope = await resolveTeamScope(directory, db.db, uid, teamUID);
  if (!scope) throw new DomainError('not-found', 'Team not found');
  return scope;
}
