import { desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { mailMessage } from '../../db/schema';
import type { SystemScope } from '../../db/scope';

export interface MailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  status: string;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export async function insertMail(
  _scope: SystemScope,
  db: AppDb,
  m: { id: string; to: string; subject: string; text: string; html: string | null; kind: string },
): Promise<void> {
  await db.insert(mailMessage).values({ ...m, status: 'stored' });
}

export async function markMail(
  _scope: SystemScope,
  db: AppDb,
  id: string,
  outcome: { status: 'sent' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(mailMessage)
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sentAt: new Date(), error: null }
        : { status: 'failed', error: outcome.error },
    )
    .where(eq(mailMessage.id, id));
}

/** Newest first. */
export async function listMail(_scope: SystemScope, db: AppDb, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailMessage)
    .orderBy(desc(mailMessage.createdAt), desc(mailMessage.id))
    .limit(limit);
}
