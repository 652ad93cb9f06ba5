import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '@leadloom/core';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { onTeamChanges, PgChangeListener } from '../db/change-signal';
import type { TeamScope } from '../db/scope';
import { contractRouter, documentRoute } from '../http/contract';
import { ApiError, notFound } from '../http/errors';
import { parseWith } from '../http/validate';
import { teamScopeFor } from '../scope/team-scope';
import type { Services } from '../services';
import { sessionWatchFor } from './session-watch';
import { decodeEventId, isTeamUID, MAX_EVENT_ID_LENGTH } from './event-id';
import {
  HEARTBEAT_MS,
  MAX_BEHIND,
  RealtimeStream,
  startingCursors,
  type StreamOptions,
} from './stream';

/** A stream covers at most this many teams. */
export const MAX_TEAMS = 50;
/** Without a token expiry (never with real tokens), a stream still ends after this long. */
const FALLBACK_LIFETIME_MS = 15 * 60_000;

const query = z.object({
  teams: z
    .string({ error: 'teams is required: a comma-separated list of team ids.' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ts) => ts.length > 0 && ts.length <= MAX_TEAMS && ts.every(isTeamUID), {
      message: `teams must list 1 to ${MAX_TEAMS} team ids, separated by commas.`,
    }),
  lastEventId: z.string().max(MAX_EVENT_ID_LENGTH).optional(),
});

/**
 * Other processes' commits reach this one through NOTIFY: one LISTEN connection per database
 * (PostgreSQL only; embedded is one process, and withTx signals its own commits in-process on
 * both engines), opened while a stream is open.
 */
const listeners = new WeakMap<object, PgChangeListener>();
function listenerFor(services: Services): PgChangeListener | null {
  const { database, config, logger } = services;
  if (database.mode !== 'postgres' || !config.databaseUrl) return null;
  let l = listeners.get(database);
  if (!l) {
    l = new PgChangeListener(config.databaseUrl, logger);
    listeners.set(database, l);
  }
  return l;
}

/**
 * `GET /api/realtime?teams=a,b` (DESIGN §7, docs/api.md "Realtime"): a Server-Sent Events stream
 * of the listed teams' change-log entries the caller may see, resumable with `Last-Event-ID`.
 */
export function realtimeRoutes(services: Services, options: StreamOptions = {}) {
  // Built from the configuration alone (the route table is read without a database).
  const opts = {
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    maxBehind: options.maxBehind ?? MAX_BEHIND,
  };
  const app = contractRouter();

  // Documented, and parsed by the handler itself: the query first, then Last-Event-ID (a header
  // or the query's), each with its own 400.
  documentRoute(
    app,
    createRoute({
      method: 'get',
      path: '/realtime',
      tags: ['realtime'],
      summary: 'A Server-Sent Events stream of the listed teams’ changes the caller may see.',
      request: {
        query: z.object({
          teams: z.string().describe(`1 to ${MAX_TEAMS} team ids, separated by commas`),
          lastEventId: z
            .string()
            .max(MAX_EVENT_ID_LENGTH)
            .optional()
            .describe('Resume after this event (the Last-Event-ID header says the same)'),
        }),
      },
      responses: {
        200: {
          description:
            'The stream: `change` events (each with its id), `reset` when the client is too far behind, heartbeats',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
      },
    }),
  );

  app.get('/realtime', async (c) => {
    const { database } = services;
    const q = parseWith(query, c.req.query());
    const resumeText = c.req.header('last-event-id') ?? q.lastEventId ?? '';
    const resume = decodeEventId(resumeText);
    if (!resume) {
      throw new ApiError(
        'invalid-argument',
        'lastEventId is not an event id of this stream; reconnect without it.',
        'lastEventId',
      );
    }
    const identity = c.get('identity');
    const resolveScope = async (teamUID: string): Promise<TeamScope | null> => {
      try {
        return await teamScopeFor(database, identity.uid, teamUID);
      } catch (error) {
        if (error instanceof DomainError && error.status === 'not-found') return null;
        throw error;
      }
    };
    // Every listed team is checked before the stream starts: one the caller is not in is a 404.
    const scopes = new Map<string, TeamScope>();
    for (const teamUID of q.teams) {
      const scope = await resolveScope(teamUID);
      if (!scope) throw notFound('Team not found');
      scopes.set(teamUID, scope);
    }
    const { cursors, tooFarBehind } = await startingCursors(
      database,
      scopes,
      resume,
      opts.maxBehind,
    );
    const log = c.get('log');
    const expiresAt = identity.expiresAt ?? Date.now() + FALLBACK_LIFETIME_MS;

    return streamSSE(c, async (sse) => {
      if (tooFarBehind) {
        await sse.write('event: reset\ndata: {"reason":"reset"}\n\n');
        return;
      }
      const stream = new RealtimeStream(
        database,
        log,
        scopes,
        cursors,
        resolveScope,
        { write: (text) => sse.write(text).then(() => {}), close: () => void sse.close() },
        opts,
      );
      const unsubscribe = onTeamChanges((teamUID) => stream.wake(teamUID));
      const release = listenerFor(services)?.acquire();
      // Sign-out, sign-out everywhere, a password change or a disable ends the stream too.
      const unwatch = sessionWatchFor(database, services.logger).watch(
        identity.sid,
        () => void stream.end({ reason: 'session-ended' }),
      );
      sse.onAbort(() => stream.close());
      try {
        await stream.start(expiresAt);
        await stream.done;
      } finally {
        unwatch();
        unsubscribe();
        release?.();
      }
    });
  });

  return app;
}
