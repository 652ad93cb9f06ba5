import { DomainError } from '@leadloom/core';
import { systemScope } from '../../db/scope';
import { teamScopeFor } from '../../scope/team-scope';
import { getPipelines } from '../pipelines/read';
import { findUser, membershipsOf } from './repo';
import { type Db } from '../../db/tx';

const directory = systemScope('membership lookup');

/** SPEC §3 "User (logged user data)". */
export async function loggedUserData(db: Db, uid: string) {
  const user = await findUser(directory, db.db, uid);
  if (!user) throw new DomainError('not-found', 'User data not found');
  const memberships = await membershipsOf(directory, db.db, uid);
  const current =
    memberships.find((m) => m.teamUID === user.currentTeamUID) ?? memberships[0] ?? null;
  const groupAccess: Record<string, string[]> = {};
  for (const m of memberships) {
    const scope = await teamScopeFor(db, uid, m.teamUID);
    const { pipelines } = await getPipelines(db, scope);
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
