import { DomainError, notFound } from '@leadloom/core';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { maskMailSecrets } from '../mail/secrets';
import { recentMail } from '../mail/service';
import { searchUsers, setDisabled, setSuper, userEmail } from './users.repo';

const scope = systemScope('super admin: users');

export const listUsers = (services: Services, q: string) =>
  searchUsers(scope, services.database.db, q.trim(), 100);

/** A super admin cannot lock themselves out; another super admin has to do it. */
function notYourself(actorUID: string, uid: string, what: string) {
  if (actorUID === uid) {
    throw new DomainError('invalid-argument', `You cannot ${what} your own account.`, 'uid');
  }
}

export async function disableUser(services: Services, actorUID: string, uid: string, on: boolean) {
  if (on) notYourself(actorUID, uid, 'disable');
  const found = await withTx(services.database, scope, (tx) => setDisabled(scope, tx.db, uid, on));
  if (!found) throw notFound('User not found');
}

export async function grantSuper(services: Services, actorUID: string, uid: string, on: boolean) {
  if (!on) notYourself(actorUID, uid, 'remove "super" from');
  const found = await withTx(services.database, scope, (tx) => setSuper(scope, tx.db, uid, on));
  if (!found) throw notFound('User not found');
}

/** The same mail as "forgot password" (better-auth makes the token, the mail module sends it). */
export async function sendResetLink(services: Services, uid: string) {
  const email = await userEmail(scope, services.database.db, uid);
  if (!email) throw notFound('User not found');
  await services.auth.api.requestPasswordReset({ body: { email, redirectTo: '/password-reset' } });
}

/** The mail log, with the links' secrets masked (mail/secrets.ts). */
export async function listMail(services: Services, limit: number) {
  const rows = await recentMail(services, limit);
  return rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: maskMailSecrets(m.text),
    kind: m.kind,
    status: m.status,
    error: m.error,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  }));
}
