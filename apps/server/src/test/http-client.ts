import type { Hono } from 'hono';
import type { AppEnv } from '../http/env';

/**
 * Talks to the Hono app in-process like the web client does: signs in through better-auth (a
 * session cookie), fetches the identity token, and sends it as a Bearer header.
 */
export class TestClient {
  cookie = '';
  token = '';

  constructor(
    private readonly app: Hono<AppEnv>,
    readonly origin = 'http://localhost:3000',
  ) {}

  raw(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    headers.set('origin', this.origin);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return this.app.request(path, { ...init, headers });
  }

  async signIn(email: string, password: string) {
    const res = await this.raw('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const tokenRes = await this.raw('/api/auth/token');
    this.token = ((await tokenRes.json()) as { token: string }).token;
    return this;
  }

  async api(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const res = await this.app.request(path, { ...init, headers });
    const text = await res.text();
    // A file (a CSV export) comes back as `{text}` so callers that only look at the status work.
    const isFile = res.headers.get('content-type')?.startsWith('text/csv') ?? false;
    return {
      status: res.status,
      body: isFile
        ? ({ text } as Record<string, unknown>)
        : text
          ? (JSON.parse(text) as Record<string, unknown>)
          : null,
    };
  }
}
