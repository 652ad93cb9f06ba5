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

/** Signs in through the sign-in screen and waits until the app has left it. */
export async function signInThroughForm(
  page: Page,
  appUrl: string,
  email: string,
  password: string,
) {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}
