import type { TeamRole, TeamScope } from '../../db/scope';

/**
 * Whether `scope` may change or remove a member whose role is `targetRole`. Nobody touches the
 * owner; only the owner touches admins (so an admin cannot demote or remove a peer); owners
 * and admins handle members. Leaving the team yourself is decided by the caller.
 */
export function canManage(scope: TeamScope, targetRole: TeamRole): boolean {
  if (targetRole === 'owner') return false;
  if (targetRole === 'admin') return scope.role === 'owner';
  return scope.role === 'owner' || scope.role === 'admin';
}

/** Only the owner may hand out the admin role (by invitation or by a role change). */
export function canGrant(scope: TeamScope, role: TeamRole): boolean {
  if (role === 'owner') return false;
  if (role === 'admin') return scope.role === 'owner';
  return scope.role === 'owner' || scope.role === 'admin';
}
