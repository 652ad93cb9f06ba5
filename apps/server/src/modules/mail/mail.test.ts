import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { recentMail, sendMail } from './service';

let smtp: SmtpInbox;
let s: TestServices;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  s = await startTestServices({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  app = createApp(s);
  const res = await new TestClient(app).raw('/api/signup', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Rita Reset',
      email: 'rita@example.com',
      password: 'old-password',
      teamName: 'Rita Co',
    }),
  });
  // With mail on, sign-up is finished through the confirmation link.
  expect(res.status).toBe(202);
  const link = await smtp.mailTo('rita@example.com');
  const token = /\/signup\/confirm\?token=([A-Za-z0-9_-]+)/.exec(link)?.[1];
  const confirmed = await new TestClient(app).raw('/api/signup/confirm', {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  expect(confirmed.status).toBe(201);
  smtp.mails.length = 0;
});
afterAll(async () => {
  await s?.cleanup();
  await smtp.close();
});

describe(`mail and password reset (${ENGINE})`, () => {
  it('mails a reset link that sets a new password and ends the old sessions', async () => {
    const before = await new TestClient(app).signIn('rita@example.com', 'old-password');
    const res = await new TestClient(app).raw('/api/auth/request-password-reset', {
      method: 'POST',
      body: JSON.stringify({ email: 'rita@example.com', redirectTo: '/password-reset' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true });

    const mail = await smtp.mailTo('rita@example.com');
    expect(mail).toMatch(/^From: Leadloom <no-reply@localhost>/m);
    expect(mail).toMatch(/^Subject: Reset your Leadloom password/m);
    const token = /http:\/\/localhost:3000\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeTruthy();

    const stored = (await recentMail(s, 10)).find((m) => m.to === 'rita@example.com')!;
    expect(stored).toMatchObject({ kind: 'password-reset', status: 'sent', error: null });
    expect(stored.sentAt).toBeInstanceOf(Date);

    const short = await new TestClient(app).raw('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ token, newPassword: '12345' }),
    });
    expect(short.status).toBe(400);
    const reset = await new TestClient(app).raw('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ token, newPassword: 'new-password' }),
    });
    expect(reset.status).toBe(200);
    await new TestClient(app).signIn('rita@example.com', 'new-password');
    await expect(new TestClient(app).signIn('rita@example.com', 'old-password')).rejects.toThrow(
      /401/,
    );
    expect((await before.raw('/api/auth/token')).status).toBe(401);
    // The link works once.
    const replay = await new TestClient(app).raw('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ token, newPassword: 'third-password' }),
    });
    expect(replay.status).toBe(400);
  });

  it('answers an unknown e-mail the same way and mails nobody', async () => {
    const res = await new TestClient(app).raw('/api/auth/request-password-reset', {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@example.com', redirectTo: '/password-reset' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true });
    expect((await recentMail(s, 50)).some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('records a failed send with its error', async () => {
    const broken = { ...s, config: { ...s.config, smtpUrl: 'smtp://127.0.0.1:1' } };
    const result = await sendMail(broken, {
      to: 'x@example.com',
      subject: 'Hello',
      text: 'Hi',
      kind: 'test',
    });
    expect(result.status).toBe('failed');
    const row = (await recentMail(s, 50)).find((m) => m.id === result.id)!;
    expect(row).toMatchObject({ status: 'failed', sentAt: null });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('only stores the mail when no SMTP server is configured', async () => {
    const local = { ...s, config: { ...s.config, smtpUrl: undefined } };
    const result = await sendMail(local, {
      to: 'y@example.com',
      subject: 'Stored',
      text: 'Kept for /admin',
      html: '<p>Kept</p>',
      kind: 'test',
    });
    expect(result.status).toBe('stored');
    expect((await recentMail(s, 1))[0]).toMatchObject({
      id: result.id,
      status: 'stored',
      html: '<p>Kept</p>',
    });
    expect(smtp.mails.some((m) => m.to.includes('y@example.com'))).toBe(false);
  });
});
