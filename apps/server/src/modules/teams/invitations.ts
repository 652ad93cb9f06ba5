import { DomainError, notFound } from '@leadloom/core';
import crypto from 'node:crypto';
import { createInvitedUser } from '../../auth/invited-user';
import { systemScope, teamSystemScope, type TeamScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { sendMail } from '../mail/service';
import { assertSeatAvailable, planSummary, seatsTakenMessage } from '../plans/service';
import * as repo from './members.repo';
import { checkPipelines, presentInvitation } from './members';
import { findUser } from './repo';
import { MANAGERS, requireRole } from '../../scope/roles';
import { canGrant } from './roles';
import { emit, logChange } from '../../events/emit';

/** An invitation stays valid for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const directory = systemScope('invitation look-up');

/** 32 random bytes, url-safe: the link's secret cannot be guessed or enumerated. */
export const newInviteCode = () => crypto.randomBytes(32).toString('base64url');

export function invitationLink(services: Services, inviteCode: string) {
  return `${services.config.publicUrl}/login/invite/${inviteCode}`;
}

/** POST /api/teams/:teamUID/invitations. */
export async function createInvitation(
  services: Services,
  scope: TeamScope,
  input: { email: string; role: 'admin' | 'member'; pipelines?: string[] | undefined },
) {
  requireRole(scope, ...MANAGERS);
  if (!canGrant(scope, input.role)) {
    throw new DomainError('permission-denied', 'Only the team owner can invite an admin.', 'role');
  }
  const email = input.email.trim().toLowerCase();
  const invitation = await withTx(services.database, scope, async (tx) => {
    // Admins see every pipeline, so their invitation lists none.
    const pipelines =
      input.role === 'admin' ? [] : await checkPipelines(scope, tx.db, input.pipelines);
    // Locks the team row first: concurrent invitations queue here, and the duplicate checks
    // below cannot race either.
    await assertSeatAvailable(tx, scope);
    if (await repo.isMemberEmail(scope, tx.db, email)) {
      throw new DomainError(
        'already-exists',
        `${email} is already a member of this team.`,
        'email',
      );
    }
    if (await repo.hasPendingInvitation(scope, tx.db, email)) {
      throw new DomainError(
        'already-exists',
        `${email} already has a pending invitation. Revoke it to send a new one.`,
        'email',
      );
    }
    const created = await repo.insertInvitation(scope, tx.db, {
      inviteCode: newInviteCode(),
      email,
      role: input.role,
      pipelines,
      invitedByUID: scope.uid,
      // Real time, not the app clock: the invite code is a credential, and the database checks
      // its expiry against its own now() when it is used.
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await emit(tx, scope, { changed: [logChange('invitation', created.inviteCode, 'insert')] });
    return created;
  });
  // After commit: the mail module stores (and may send) the mail without holding the
  // transaction. The invitation is already visible in the members list if this fails.
  try {
    const full = await repo.findInvitationByCode(
      directory,
      services.database.db,
      invitation.inviteCode,
    );
    await sendMail(
      services,
      invitationMail(services, invitation, full?.teamName ?? '', full?.inviterName ?? null),
    );
  } catch (err) {
    services.logger.error({ err, teamUID: scope.teamUID }, 'invitation mail failed');
  }
  return { invitation: presentInvitation(invitation, true) };
}

function invitationMail(
  services: Services,
  inv: repo.InvitationRow,
  teamName: string,
  inviterName: string | null,
) {
  const link = invitationLink(services, inv.inviteCode);
  const who = inviterName || 'A teammate';
  return {
    to: inv.email,
    subject: `${who} invited you to ${teamName} on Leadloom`,
    text:
      `${who} invited you to join ${teamName} on Leadloom as ${inv.role === 'admin' ? 'an admin' : 'a member'}.\n\n` +
      `Accept the invitation: ${link}\n\nThe link is valid for 7 days.`,
    kind: 'invitation',
  };
}

/** DELETE /api/teams/:teamUID/invitations/:inviteCode: frees the seat. */
export async function revokeInvitation(services: Services, scope: TeamScope, inviteCode: string) {
  requireRole(scope, ...MANAGERS);
  return withTx(services.database, scope, async (tx) => {
    const inv = await repo.lockInvitation(scope, tx.db, inviteCode);
    if (!inv) throw notFound('Invitation not found');
    if (inv.status === 'accepted') {
      throw new DomainError(
        'invalid-argument',
        'This invitation was already accepted; remove the member instead.',
      );
    }
    if (inv.status !== 'revoked') {
      await repo.setInvitationStatus(scope, tx.db, inviteCode, 'revoked');
      await emit(tx, scope, { changed: [logChange('invitation', inviteCode, 'update')] });
    }
    return { revoked: inviteCode };
  });
}

/** GET /api/invitations/:inviteCode (public). */
export async function describeInvitation(services: Services, inviteCode: string) {
  const inv = await repo.findInvitationByCode(directory, services.database.db, inviteCode);
  if (!inv) throw notFound('Invitation not found');
  return {
    teamName: inv.teamName,
    email: inv.email,
    inviterName: inv.inviterName,
    role: inv.role,
    status: inv.status,
    hasAccount: inv.hasAccount,
  };
}

function assertUsable(inv: repo.InvitationRow) {
  const messages: Record<string, string> = {
    accepted: 'This invitation has already been used. Sign in to open the team.',
    revoked: 'This invitation was revoked. Ask the team for a new one.',
    expired: 'This invitation has expired. Ask the team for a new one.',
  };
  const message = messages[inv.status];
  if (message) throw new DomainError('invalid-argument', message);
}

/**
 * POST /api/invitations/:inviteCode/accept (public). `uid` is the signed-in caller (from a
 * Bearer token) or null. Without a caller and without an account for the invited e-mail, the
 * account is created and signed in; a caller must be the invited e-mail.
 */
export async function acceptInvitation(
  services: Services,
  inviteCode: string,
  caller: { uid: string } | null,
  input: { name?: string | undefined },
): Promise<{ uid: string; teamUID: string; created: boolean; headers: Headers | null }> {
  const { database } = services;
  const inv = await repo.findInvitationByCode(directory, database.db, inviteCode);
  if (!inv) throw notFound('Invitation not found');
  assertUsable(inv);
  const scope = teamSystemScope('accept invitation', inv.teamUID);
  const wrongUser = new DomainError(
    'permission-denied',
    `Sign in as ${inv.email} to accept this invitation`,
  );
  let uid: string;
  let headers: Headers | null = null;
  if (caller) {
    const user = await findUser(directory, database.db, caller.uid);
    if (!user || user.email.toLowerCase() !== inv.email.toLowerCase()) throw wrongUser;
    uid = user.uid;
  } else {
    if (inv.hasAccount) throw wrongUser;
    // Checked before creating an account that could then not join; re-checked in the join.
    const plan = await planSummary(scope, database.db);
    if (plan.usage.seats > plan.limits.seats) {
      throw new DomainError('resource-exhausted', seatsTakenMessage(plan.limits.seats));
    }
    const name = input.name?.trim() || inv.email.split('@')[0]!;
    ({ uid, headers } = await createInvitedUser(services, { email: inv.email, name }));
  }
  await withTx(database, scope, async (tx) => {
    const locked = await repo.lockInvitation(scope, tx.db, inviteCode);
    if (!locked) throw notFound('Invitation not found');
    assertUsable(locked);
    if (await repo.findMemberRole(scope, tx.db, uid)) {
      throw new DomainError('already-exists', `You are already a member of ${inv.teamName}.`);
    }
    // The pending invitation already holds its seat: accepting must only not exceed the quota
    // (it can, if the plan shrank since the invitation).
    await assertSeatAvailable(tx, scope, 0);
    await repo.insertMember(scope, tx.db, uid, locked.role);
    if (locked.role === 'member') {
      // Only pipelines that still exist: one deleted since the invitation grants nothing.
      const existing = await repo.teamPipelineUIDs(scope, tx.db);
      const pipelines = locked.pipelines.filter((p) => existing.includes(p));
      await repo.replacePipelineAccess(scope, tx.db, uid, pipelines);
    }
    await repo.setInvitationStatus(scope, tx.db, inviteCode, 'accepted', uid);
    await repo.setCurrentTeam(scope, tx.db, uid);
    await emit(tx, scope, {
      changed: [logChange('member', uid, 'insert'), logChange('invitation', inviteCode, 'update')],
    });
  });
  return { uid, teamUID: inv.teamUID, created: headers !== null, headers };
}
