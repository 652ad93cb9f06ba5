/**
 * The background's calls to the app (DESIGN §4): exchange the one-time `log_in` token for the
 * extension's own session, and ask whether that session still holds. `fetch` comes in as a
 * dependency so the answers' handling is unit-tested without a server.
 */
import { z } from 'zod';

const exchangeAnswer = z.object({ sessionToken: z.string().min(1), uid: z.string().min(1) });

export type SessionValidity = 'valid' | 'invalid' | 'unknown';

export interface AppClient {
  exchange(token: string): Promise<{ sessionToken: string; uid: string }>;
  /** 'unknown' when the app cannot be reached: that says nothing about the session. */
  validate(sessionToken: string): Promise<SessionValidity>;
  /** Ends the session at the app; true once the app no longer knows it. */
  end(sessionToken: string): Promise<boolean>;
}

export function createAppClient(appOrigin: string, fetchFn: typeof fetch = fetch): AppClient {
  return {
    async exchange(token) {
      const res = await fetchFn(`${appOrigin}/api/extension/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      if (!res.ok) throw new Error(`The app refused the sign-in token (HTTP ${res.status})`);
      return exchangeAnswer.parse(await res.json());
    },
    async validate(sessionToken) {
      try {
        // better-auth's bearer plugin reads the session from this header; an identity token
        // comes back only while the session is alive.
        const res = await fetchFn(`${appOrigin}/api/auth/token`, {
          headers: { authorization: `Bearer ${sessionToken}` },
        });
        if (res.ok) return 'valid';
        return res.status === 401 || res.status === 403 ? 'invalid' : 'unknown';
      } catch {
        return 'unknown';
      }
    },
    async end(sessionToken) {
      try {
        const res = await fetchFn(`${appOrigin}/api/extension/session`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${sessionToken}` },
        });
        return res.ok;
      } catch {
        return false;
      }
    },
  };
}
