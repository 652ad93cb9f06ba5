import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the loopback SMTP receiver got it. */
export interface Received {
  /** Lower-cased recipients. */
  to: string[];
  raw: string;
}

/** Quoted-printable bodies wrap long lines ("=\r\n") and escape "=" as "=3D". */
export const decodeQP = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export interface SmtpInbox {
  port: number;
  /** Every mail received, oldest first (tests may empty it). */
  mails: Received[];
  /** The `count`-th mail to `to`, its body decoded; waits up to 10 s for it. */
  mailTo(to: string, count?: number): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives (server mail tests). */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    mails,
    async mailTo(to, count = 1) {
      for (let i = 0; i < 200; i++) {
        const found = mails.filter((m) => m.to.includes(to));
        if (found.length >= count) return decodeQP(found[count - 1]!.raw);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail ${count} to ${to}`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
