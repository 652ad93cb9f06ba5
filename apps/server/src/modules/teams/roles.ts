import type { TeamRole, TeamScope } from '../../db/scope';
import { ApiError } from '../../http/errors';

/** What each role may do; README.md in this folder is the readable version of these rules. */
const ROLE_NAMES: Record<TeamRole, string> = {
  owner: 'the team owner',
  admin: 'team owners and admins',
  member: 'team members',
};

/** Owners and admins run the team: members, invitations, plan usage and setup. */
export const MANAGERS: readonly TeamRole[] = ['owner', 'admin'];

/**
 * Throws 403 `permission-denied` unless the scope's role is one of `roles`. The caller has
 * already resolved the scope, so a non-member never gets here (they get 404).
 */
export function requireRole(scope: TeamScope, ...roles: TeamRole[]): void {
  if (roles.includes(scope.role)) return;
  const who =
    roles.length === 1
      ? ROLE_NAMES[roles[0]!]
      : roles.includes('admin')
        ? ROLE_NAMES.admin
        : ROLE_NAMES.member;
  throw new ApiError(
    'permission-denied',
    `Only ${who} can do this; your role in this team is ${scope.role}.`,
  );
}

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
