import { DomainError } from '@leadloom/core';
import type { Database } from '../../db/database';
import { systemScope } from '../../db/scope';
import { teamScopeFor } from '../../scope/team-scope';
import { getPipelines } from '../board/service';
import { findUser, membershipsOf } from './repo';

const directory = systemScope('membership lookup');

/** SPEC §3 "User (logged user data)". */
export async function loggedUserData(database: Database, uid: string) {
  const user = await findUser(directory, database.db, uid);
  if (!user) throw new DomainError('not-found', 'User data not found');
  const memberships = await membershipsOf(directory, database.db, uid);
  const current =
    memberships.find((m) => m.teamUID === user.currentTeamUID) ?? memberships[0] ?? null;
  const groupAccess: Record<string, string[]> = {};
  for (const m of memberships) {
    const scope = await teamScopeFor(database, uid, m.teamUID);
    const { pipelines } = await getPipelines(database, scope);
    groupAccess[m.teamUID] = pipelines.map((p) => p.groupUID);
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
