import { newPushId } from '@leadloom/core';
import nodemailer, { type Transporter } from 'nodemailer';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { listMail, markMail, insertMail, type MailRow } from './repo';

const scope = systemScope('mail');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: 'password-reset', 'invitation', ... */
  kind: string;
}

export type MailStatus = 'stored' | 'sent' | 'failed';

// One pooled SMTP connection per URL, kept for the life of the process.
const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * Stores the mail (super admins read it in /admin even when nothing is configured) and, when
 * SMTP_URL is set, sends it and records the outcome. A failed send is recorded, not thrown: the
 * action that wanted the mail (a reset request) still answers, and the admin sees the error.
 */
export async function sendMail(
  services: Services,
  mail: Mail,
): Promise<{ id: string; status: MailStatus }> {
  const id = newPushId();
  await withTx(services.database, scope, (tx) =>
    insertMail(scope, tx.db, {
      id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      kind: mail.kind,
    }),
  );
  const { smtpUrl, smtpFrom } = services.config;
  if (!smtpUrl) return { id, status: 'stored' };
  try {
    await transportFor(smtpUrl).sendMail({
      from: smtpFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
    await withTx(services.database, scope, (tx) => markMail(scope, tx.db, id, { status: 'sent' }));
    return { id, status: 'sent' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    services.logger.warn({ err: error, mailId: id, kind: mail.kind }, 'mail not sent');
    await withTx(services.database, scope, (tx) =>
      markMail(scope, tx.db, id, { status: 'failed', error: message.slice(0, 1000) }),
    );
    return { id, status: 'failed' };
  }
}

export async function recentMail(services: Services, limit: number): Promise<MailRow[]> {
  return listMail(scope, services.database.db, limit);
}

/** The reset link goes to the web app's page, which posts the token to /api/auth/reset-password. */
export function passwordResetMail(
  publicUrl: string,
  to: string,
  name: string,
  token: string,
): Mail {
  const link = `${publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: 'password-reset',
    subject: 'Reset your Leadloom password',
    text: [
      `Hi ${name || to},`,
      '',
      'Someone asked to reset the password of your Leadloom account. To choose a new one, open:',
      link,
      '',
      'The link works for one hour. If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}
