/**
 * The processor's calls to the app's sender routes (docs/api.md "Message queue"): lease the
 * next message, report its result, count a message sent by hand. Each call first trades the
 * extension's session for an identity token (`GET /api/auth/token`), as the app's own pages do.
 * `fetch` comes in as a dependency so the outcomes are unit-tested without a server.
 */
import { queueProcessorPlatformSchema, type QueueProcessorPlatform } from '@leadloom/core';
import { z } from 'zod';
import type { SessionStore } from '../../session';

export const leasedItemSchema = z.object({
  teamUID: z.string().min(1),
  itemUID: z.string().min(1),
  platform: queueProcessorPlatformSchema,
  recipient: z.string().min(1),
  text: z.string().min(1),
  leaseId: z.string().min(1),
  leaseExpiresAt: z.string(),
  resumed: z.boolean(),
});

/**
 * `now`: the server's clock at the answer. Times in the answer are the server's, so a wait is
 * `until - now` from this browser's now, whatever its own clock says. A server from before it
 * sent none (the browser's clock stands in).
 */
const serverNow = { now: z.iso.datetime().optional() };

const leaseAnswerSchema = z.union([
  z.object({ ...serverNow, item: leasedItemSchema, wait: z.null() }),
  z.object({
    ...serverNow,
    item: z.null(),
    wait: z.object({
      reason: z.string(),
      until: z.string().nullable(),
      /** Why the platform is paused, in the app's words (a paused wait only). */
      message: z.string().optional(),
    }),
  }),
]);
export type LeaseAnswer = z.infer<typeof leaseAnswerSchema>;

/**
 * `unauthorized`: the session is gone (signed out, ended by the app): stop until signed in again;
 * `conflict`: the lease ended and the message went back to the queue;
 * `network`: the app could not be reached or failed (5xx): try again later;
 * `refused`: any other answer (4xx): retrying the same call cannot help.
 */
export type ApiFailure = {
  ok: false;
  kind: 'unauthorized' | 'conflict' | 'network' | 'refused';
  message: string;
};
export type ApiResult<T> = { ok: true; value: T } | ApiFailure;

export interface ResultReport {
  leaseId: string;
  code: string;
  detail?: string | undefined;
}

export interface OutreachApi {
  lease(platform: QueueProcessorPlatform): Promise<ApiResult<LeaseAnswer>>;
  report(teamUID: string, itemUID: string, body: ResultReport): Promise<ApiResult<unknown>>;
  manualSend(platform: QueueProcessorPlatform, recipient: string): Promise<ApiResult<unknown>>;
}

export const SIGNED_OUT_MESSAGE =
  'Signed out of Leadloom: sign in to the app again to send your queue.';

const errorBody = z.object({ error: z.object({ message: z.string() }) });

export function createOutreachApi(
  appOrigin: string,
  session: SessionStore,
  fetchFn: typeof fetch = fetch,
): OutreachApi {
  async function call(path: string, init: { method: string; body?: unknown }) {
    const stored = await session.read();
    if (!stored) return { ok: false, kind: 'unauthorized', message: SIGNED_OUT_MESSAGE } as const;
    try {
      const tokenRes = await fetchFn(`${appOrigin}/api/auth/token`, {
        headers: { authorization: `Bearer ${stored.token}` },
      });
      const failed = await failure(tokenRes, true);
      if (failed) return failed;
      const { token } = z.object({ token: z.string().min(1) }).parse(await tokenRes.json());
      const res = await fetchFn(`${appOrigin}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return (await failure(res, false)) ?? ({ ok: true, value: await res.json() } as const);
    } catch (error) {
      return {
        ok: false,
        kind: 'network',
        message: `Leadloom could not be reached (${error instanceof Error ? error.message : String(error)})`,
      } as const;
    }
  }

  return {
    async lease(platform) {
      const result = await call(`/api/outreach/${platform}/lease`, { method: 'POST' });
      if (!result.ok) return result;
      const parsed = leaseAnswerSchema.safeParse(result.value);
      return parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, kind: 'network', message: 'Leadloom answered the lease off the contract' };
    },
    report(teamUID, itemUID, body) {
      return call(
        `/api/teams/${encodeURIComponent(teamUID)}/outreach/items/${encodeURIComponent(itemUID)}/result`,
        { method: 'POST', body },
      );
    },
    manualSend(platform, recipient) {
      return call(`/api/outreach/${platform}/manual-sends`, {
        method: 'POST',
        body: { recipient },
      });
    },
  };
}

/** `sessionCheck`: the token call, where 403 too means the session no longer holds. */
async function failure(res: Response, sessionCheck: boolean): Promise<ApiFailure | null> {
  if (res.ok) return null;
  if (res.status === 401 || (sessionCheck && res.status === 403)) {
    return { ok: false, kind: 'unauthorized', message: SIGNED_OUT_MESSAGE };
  }
  let message = `Leadloom answered HTTP ${res.status}`;
  try {
    const parsed = errorBody.safeParse(await res.json());
    if (parsed.success) message = parsed.data.error.message;
  } catch {
    // Not JSON: the status says enough.
  }
  if (res.status === 409) return { ok: false, kind: 'conflict', message };
  return { ok: false, kind: res.status >= 500 ? 'network' : 'refused', message };
}
