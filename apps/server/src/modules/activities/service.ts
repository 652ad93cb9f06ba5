import {
  DomainError,
  kpiEventOf,
  newPushId,
  resourceKey,
  type ActivityKind,
  type ActivityType,
} from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import type { Tx, Db } from '../../db/tx';
import { requireContact } from '../contact-parts/access';
import * as repo from './repo';

/**
 * What an action records on a contact's timeline (SPEC §3 Activity): a type with one of its
 * actions (core's activity catalogue). Typed fields are what
 * dashboards count (type, action, pipeline, stage, value, currency); the rest goes in `data`.
 */
export type NewActivity = ActivityKind & {
  gtid: string;
  pipelineUID?: string | null;
  stageUID?: string | null;
  value?: number | string | null;
  currency?: string | null;
  /** The note, task, deal or label it is about. */
  refUID?: string | null;
  note?: string | null;
  data?: Record<string, unknown> | null;
  /** Epoch ms; defaults to now. Backdated times come from core's `activityTimestamp`. */
  at?: number;
};

/**
 * Writes activities inside the action's transaction (called by the events' `emit` only) (one statement for any number), records
 * them in the change log, and answers their ids in order. Bulk actions pass many; a single
 * action passes one: the same code (DESIGN §1.5).
 */
export async function recordActivities(
  tx: Tx,
  scope: TeamScope,
  activities: readonly NewActivity[],
): Promise<string[]> {
  const now = tx.clock.now();
  const rows = activities.map((a) => {
    const at = a.at ?? now;
    return {
      activityUID: newPushId('act', at),
      gtid: a.gtid,
      type: a.type,
      action: a.action,
      pipelineUID: a.pipelineUID ?? null,
      stageUID: a.stageUID ?? null,
      value: a.value === null || a.value === undefined ? null : String(a.value),
      currency: a.currency ?? null,
      refUID: a.refUID ?? null,
      note: a.note ?? null,
      // A workflow's step names the workflow: the timeline says which one did it.
      data: tx.workflowStep
        ? { ...a.data, workflowId: tx.workflowStep.workflowId }
        : (a.data ?? null),
      at,
    };
  });
  repo.insertActivities(
    scope,
    tx,
    rows,
    tx.workflowStep ? `Workflow “${tx.workflowStep.name}”` : null,
  );
  repo.addToRollups(scope, tx, rollupRowsOf(rows));
  for (const r of rows)
    tx.recordChange(scope.teamUID, 'activity', resourceKey.part(r.gtid, r.activityUID), 'insert');
  return rows.map((r) => r.activityUID);
}

/**
 * The KPI events of a batch (core `kpiEventOf`), those of one kind, place and instant merged:
 * a bulk move of 10,000 contacts at one instant is one row. Deals won keep one row each (their
 * values are summed exactly in SQL).
 */
function rollupRowsOf(rows: readonly repo.ActivityRow[]): repo.RollupRow[] {
  const merged = new Map<string, repo.RollupRow>();
  const out: repo.RollupRow[] = [];
  for (const r of rows) {
    const e = kpiEventOf(r);
    if (!e) continue;
    const row = { ...e, at: r.at, count: 1, value: e.value ?? '0' };
    if (e.kind === 'won') {
      out.push(row);
      continue;
    }
    const key = `${e.kind}\u0000${e.pipelineUID}\u0000${e.stageUID}\u0000${r.at}`;
    const seen = merged.get(key);
    if (seen) seen.count++;
    else merged.set(key, row);
  }
  return [...merged.values(), ...out];
}

export const ACTIVITY_PAGE_DEFAULT = 30;
export const ACTIVITY_PAGE_MAX = 100;

/** Opaque keyset cursor of the activity list: the client only hands it back. */
export function encodeActivityCursor(key: repo.ActivityKey | null): string | null {
  return key ? Buffer.from(JSON.stringify([key.at, key.activityUID])).toString('base64url') : null;
}

export function decodeActivityCursor(cursor: string | undefined): repo.ActivityKey | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string'
    ) {
      return { at: value[0] as number, activityUID: value[1] as string };
    }
  } catch {
    // fall through
  }
  throw new DomainError(
    'invalid-argument',
    'The cursor is not valid; start again from the first page.',
    'cursor',
  );
}

/**
 * A page of a contact's timeline, newest first (docs/api.md "Contacts"). The contact must be one
 * the scope may see (else 404); activities of pipelines the scope may not see are left out.
 */
export async function listActivities(
  db: Db,
  scope: TeamScope,
  gtid: string,
  query: { cursor?: string | undefined; limit: number; type?: ActivityType | undefined },
) {
  const after = decodeActivityCursor(query.cursor);
  await requireContact(scope, db.db, gtid);
  const page = await repo.listContactActivities(scope, db.db, gtid, {
    after,
    limit: query.limit,
    type: query.type,
  });
  return { activities: page.items, nextCursor: encodeActivityCursor(page.next) };
}
