import { DomainError, notFound } from '@leadloom/core';
import type { Database } from '../../db/database';
import type { TeamRole, TeamScope } from '../../db/scope';
import { type Db, inTx } from '../../db/tx';
import { planSummary } from '../plans/service';
import * as repo from './members.repo';
import { MANAGERS, requireRole } from '../../scope/roles';
import { canGrant, canManage } from './roles';
import { emit, logChange } from '../../events/emit';

/** A member as the API shows it: owners and admins see every pipeline ("all"). */
export function presentMember(m: repo.MemberRow) {
  return {
    uid: m.uid,
    name: m.name,
    email: m.email,
    role: m.role,
    pipelines: m.role === 'member' ? m.pipelines : ('all' as const),
    joinedAt: m.joinedAt,
  };
}

/** The invite code is the secret of the e-mailed link: only those who manage the team see it. */
export function presentInvitation(inv: repo.InvitationRow, withCode: boolean) {
  return {
    ...(withCode ? { inviteCode: inv.inviteCode } : {}),
    email: inv.email,
    role: inv.role,
    pipelines: inv.pipelines,
    status: inv.status,
    createdAt: inv.createdAt,
    expiresAt: inv.expiresAt,
  };
}

/** GET /api/teams/:teamUID/members: every member reads it. */
export async function getMembers(db: Db, scope: TeamScope) {
  const manager = MANAGERS.includes(scope.role);
  const [members, invitations, plan] = [
    await repo.listMembers(scope, db.db),
    await repo.listOpenInvitations(scope, db.db),
    await planSummary(scope, db.db),
  ];
  return {
    members: members.map(presentMember),
    invitations: invitations.map((inv) => presentInvitation(inv, manager)),
    seats: { used: plan.usage.seats, quota: plan.limits.seats },
  };
}

/**
 * Pipelines must be pipelines of the team the caller can see (400 naming the field); `undefined`
 * means the default of DESIGN §4: every pipeline that exists now.
 */
export async function checkPipelines(
  scope: TeamScope,
  db: Database['db'],
  pipelines: readonly string[] | undefined,
): Promise<string[]> {
  const all = await repo.teamPipelineUIDs(scope, db);
  const visible =
    scope.visiblePipelines === 'all'
      ? all
      : all.filter((p) => (scope.visiblePipelines as readonly string[]).includes(p));
  if (pipelines === undefined) return visible;
  const unknown = pipelines.findIndex((p) => !visible.includes(p));
  if (unknown >= 0) {
    throw new DomainError(
      'invalid-argument',
      `pipelines: "${pipelines[unknown]}" is not a pipeline of this team.`,
      `pipelines.${unknown}`,
    );
  }
  return [...new Set(pipelines)];
}

function refuseTarget(scope: TeamScope, targetRole: TeamRole, action: 'change' | 'remove') {
  if (canManage(scope, targetRole)) return;
  if (targetRole === 'owner') {
    throw new DomainError(
      'permission-denied',
      action === 'change'
        ? "The team owner's role cannot change."
        : 'The team owner cannot be removed from the team.',
    );
  }
  throw new DomainError('permission-denied', `Only the team owner can ${action} an admin.`);
}

/** PATCH /api/teams/:teamUID/members/:uid {role?, pipelines?}. */
export async function updateMember(
  db: Db,
  scope: TeamScope,
  uid: string,
  change: { role?: 'admin' | 'member' | undefined; pipelines?: string[] | undefined },
) {
  requireRole(scope, ...MANAGERS);
  return inTx(db, scope, async (tx) => {
    const current = await repo.findMemberRole(scope, tx.db, uid);
    if (!current) throw notFound('Member not found');
    refuseTarget(scope, current, 'change');
    const role = change.role ?? current;
    if (role !== current && !canGrant(scope, role)) {
      throw new DomainError('permission-denied', 'Only the team owner can make someone an admin.');
    }
    if (role === 'admin') {
      // Admins see every pipeline; stale rows would resurface on a later demotion.
      await repo.replacePipelineAccess(scope, tx.db, uid, []);
    } else if (change.pipelines !== undefined || current === 'admin') {
      const pipelines = await checkPipelines(scope, tx.db, change.pipelines);
      await repo.replacePipelineAccess(scope, tx.db, uid, pipelines);
    }
    if (role !== current) await repo.setMemberRole(scope, tx.db, uid, role);
    await emit(tx, scope, { changed: [logChange('member', uid, 'update')] });
    const member = (await repo.listMembers(scope, tx.db)).find((m) => m.uid === uid)!;
    return { member: presentMember(member) };
  });
}

/** DELETE /api/teams/:teamUID/members/:uid: managers remove others; anyone but the owner may leave. */
export async function removeMember(db: Db, scope: TeamScope, uid: string) {
  const leaving = uid === scope.uid && scope.role !== 'owner';
  if (!leaving) requireRole(scope, ...MANAGERS);
  return inTx(db, scope, async (tx) => {
    const current = await repo.findMemberRole(scope, tx.db, uid);
    if (!current) throw notFound('Member not found');
    if (!leaving) refuseTarget(scope, current, 'remove');
    await repo.deleteMember(scope, tx.db, uid);
    await emit(tx, scope, { changed: [logChange('member', uid, 'delete')] });
    return { removed: uid };
  });
}
