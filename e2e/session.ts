import type { Page } from 'playwright-core';

/** Calls the API with the page's own session, as the app does (token from the session cookie). */
export function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const { token } = (await (await fetch('/api/auth/token')).json()) as { token: string };
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    [method, path, body] as const,
  );
}

/**
 * Opens the sign-in screen and says what it showed: the form ('form'), or the app it sends a
 * signed-in browser on to ('app'); 'nothing' when neither came within 20 s.
 */
export async function openSignIn(page: Page, appUrl: string): Promise<'form' | 'app' | 'nothing'> {
  await page.goto(`${appUrl}/login`);
  // Whichever comes first; the other is settled here so that it never rejects unhandled.
  return Promise.race([
    page
      .getByLabel(/^E-mail/)
      .waitFor({ timeout: 20_000 })
      .then(
        () => 'form' as const,
        () => 'nothing' as const,
      ),
    page
      .waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 })
      .then(
        () => 'app' as const,
        () => 'nothing' as const,
      ),
  ]);
}

/** Signs in through the sign-in screen and waits until the app has left it. */
export async function signInThroughForm(
  page: Page,
  appUrl: string,
  email: string,
  password: string,
) {
  // The sign-in screen sends a signed-in browser on to the app: sign that session out first,
  // whoever it belongs to, so the form signs in the account asked for.
  const seen = await openSignIn(page, appUrl);
  const field = page.getByLabel(/^E-mail/);
  if (seen === 'app') {
    await page.goto(`${appUrl}/logout`);
    await page.waitForURL(/\/login/, { timeout: 20_000 });
    await page.goto(`${appUrl}/login`);
  }
  await field.fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** A teammate to invite: name, e-mail and the password they set. */
export interface Teammate {
  name: string;
  email: string;
  password: string;
}

/**
 * Invites `mate` as a member of the owner's team with access to `pipelines` (through the API,
 * on the owner's page), then joins on `page` (a fresh context): accepts the invitation, sets the
 * password and accepts the terms, so `page` is signed in as the teammate.
 */
export async function joinAsTeammate(
  owner: Page,
  page: Page,
  appUrl: string,
  teamUID: string,
  mate: Teammate,
  pipelines: string[],
  role: 'member' | 'admin' = 'member',
): Promise<void> {
  const must = (what: string, status: number, want: number) => {
    if (status !== want) throw new Error(`${what}: ${status}, expected ${want}`);
  };
  const invited = await api(owner, 'POST', `/api/teams/${teamUID}/invitations`, {
    email: mate.email,
    role,
    pipelines,
  });
  must('invitation', invited.status, 201);
  const { inviteCode } = invited.body.invitation as { inviteCode: string };
  await page.goto(`${appUrl}/login`);
  const joined = await page.evaluate(
    async ([code, name]) =>
      (
        await fetch(`/api/invitations/${code}/accept`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        })
      ).status,
    [inviteCode, mate.name] as const,
  );
  must('accept', joined, 200);
  const password = await api(page, 'POST', '/api/me/initial-password', {
    password: mate.password,
  });
  must('initial password', password.status, 200);
  const terms = await api(page, 'POST', '/api/me/accept-terms', { version: '1.0.1' });
  must('terms', terms.status, 200);
}
