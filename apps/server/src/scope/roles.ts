import { DomainError } from '@leadloom/core';
import type { TeamRole, TeamScope } from '../db/scope';

/** What each role may do; modules/teams/README.md is the readable version of these rules. */
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
  throw new DomainError(
    'permission-denied',
    `Only ${who} can do this; your role in this team is ${scope.role}.`,
  );
}
