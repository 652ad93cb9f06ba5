import { newPushId } from '@leadloom/core';
import { mailMessage } from '../../db/schema';
import type { Services } from '../../services';

/** One outgoing mail. */
export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: 'invitation', 'password-reset', ... */
  kind: string;
}

/**
 * Placeholder until the mail module lands (it replaces this file at merge, same signature): it
 * only stores the mail, which super admins can read in /admin; no SMTP here.
 */
export async function sendMail(services: Services, mail: MailInput): Promise<{ id: string }> {
  const id = newPushId();
  await services.database.db.insert(mailMessage).values({
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    kind: mail.kind,
  });
  return { id };
}
