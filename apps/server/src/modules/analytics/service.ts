import { newPushId, DomainError } from '@leadloom/core';
import { z } from 'zod';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { teamScopeFor } from '../../scope/team-scope';
import * as repo from './repo';

/**
 * Product analytics on our own server (SPEC §7: the landing event after sign-in and the
 * identify call; no outside service). Super admins read them in /admin.
 */
export const ANALYTICS_EVENT_NAMES = ['landing', 'identify'] as const;

/** Properties are a small flat-ish object: a client cannot fill the table with blobs. */
export const MAX_PROPERTIES_CHARS = 2_000;

export const eventBodySchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  properties: z
    .record(z.string().max(100), z.unknown())
    .default({})
    .refine((p) => JSON.stringify(p).length <= MAX_PROPERTIES_CHARS, {
      message: `must be at most ${MAX_PROPERTIES_CHARS} characters of JSON`,
    }),
  /** The tab's team; it must be one of the caller's teams. */
  teamUID: z.string().min(1).max(200).nullish(),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  name: z.string().min(1).max(100).optional(),
});

const scope = systemScope('analytics');

export async function recordEvent(services: Services, uid: string, raw: unknown) {
  const body = eventBodySchema.parse(raw);
  const teamUID = body.teamUID ?? null;
  // uid comes from the token and the team is checked, so nobody records for someone else.
  if (teamUID !== null) await teamScopeFor(services.database, uid, teamUID);
  const id = newPushId();
  await withTx(services.database, scope, (tx) =>
    repo.insertEvent(scope, tx.db, {
      id,
      uid,
      teamUID,
      name: body.name,
      properties: body.properties,
    }),
  );
  return { id };
}

export async function listEvents(services: Services, rawQuery: Record<string, string>) {
  const query = listQuerySchema.safeParse(rawQuery);
  if (!query.success) throw new DomainError('invalid-argument', 'limit must be 1 to 500.', 'limit');
  return { events: await repo.listEvents(scope, services.database.db, query.data) };
}
