import { visibilityOf, type PipelineRowLookup } from '@leadloom/core';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import { canSeePipeline, type TeamScope } from '../db/scope';
import { visibleContacts } from '../db/visibility';

/** One change-log entry as the stream carries it. */
export interface ChangeEntry {
  seq: number;
  resource: string;
  id: string;
  op: string;
  changeId: string | null;
  /**
   * A `contactPipeline` entry (not a delete) whose row is still there: where the card is now,
   * read with the entry, so a board can move the card without refetching (issue 6 latency).
   */
  placement?: Placement;
}

/** The team's last committed seq (0 before its first change). */
export async function headSeq(scope: TeamScope, db: AppDb): Promise<number> {
  const r = await db.execute<{ seq: string | number }>(sql`
    SELECT seq FROM team_counter WHERE team_uid = ${scope.teamUID}`);
  return r.rows[0] ? Number(r.rows[0].seq) : 0;
}

/**
 * Entries after `afterSeq`, in seq (= commit) order, with the current place of the cards that
 * `contactPipeline` entries name (`GTID/pipelineUID`): one indexed look-up per such entry
 * (primary key, then one step back along the stage order index), in the same statement.
 */
export async function readChanges(
  scope: TeamScope,
  db: AppDb,
  afterSeq: number,
  limit: number,
): Promise<ChangeEntry[]> {
  const r = await db.execute<{
    seq: string | number;
    resource: string;
    id: string;
    op: string;
    change_id: string | null;
    stage_uid: string | null;
    after_gtid: string | null;
  }>(sql`
    SELECT cl.seq, cl.resource, cl.id, cl.op, cl.change_id, pl.stage_uid, pl.after_gtid
    FROM change_log cl
    LEFT JOIN LATERAL (
      SELECT cp.stage_uid,
        (SELECT p.gtid FROM contact_pipeline p
          WHERE p.team_uid = cp.team_uid AND p.pipeline_uid = cp.pipeline_uid
            AND p.stage_uid = cp.stage_uid AND (p.position, p.gtid) < (cp.position, cp.gtid)
          ORDER BY p.position DESC, p.gtid DESC LIMIT 1) AS after_gtid
      FROM contact_pipeline cp
      WHERE cl.resource = 'contactPipeline' AND cl.op <> 'delete'
        AND cp.team_uid = cl.team_uid AND cp.gtid = split_part(cl.id, '/', 1)
        AND cp.pipeline_uid = split_part(cl.id, '/', 2)) pl ON true
    WHERE cl.team_uid = ${scope.teamUID} AND cl.seq > ${afterSeq}
    ORDER BY cl.seq LIMIT ${limit}`);
  return r.rows.map((row) => ({
    seq: Number(row.seq),
    resource: row.resource,
    id: row.id,
    op: row.op,
    changeId: row.change_id,
    ...(row.stage_uid !== null
      ? { placement: { stageUID: row.stage_uid, afterGtid: row.after_gtid } }
      : {}),
  }));
}

type Need =
  | { kind: 'yes' }
  | { kind: 'no' }
  | { kind: 'pipeline'; pipelineUID: string }
  | { kind: 'contact'; gtid: string }
  | { kind: 'row'; rowOf: PipelineRowLookup; uid: string; deletedGoesToAll: boolean }
  | { kind: 'part'; resource: string; gtid: string; partId: string }
  | { kind: 'user'; uid: string };

/** What seeing an entry needs, by its resource's visibility in core's catalogue. */
function needOf(e: ChangeEntry): Need {
  const visibility = visibilityOf(e.resource);
  // An unknown resource is held back from members with limited pipelines: sound by default.
  if (!visibility) return { kind: 'no' };
  const slash = e.id.indexOf('/');
  const head = slash > 0 ? e.id.slice(0, slash) : '';
  const rest = slash > 0 ? e.id.slice(slash + 1) : '';
  switch (visibility.kind) {
    case 'team':
      return { kind: 'yes' };
    case 'fullAccess':
      return { kind: 'no' };
    case 'pipeline':
      return { kind: 'pipeline', pipelineUID: e.id };
    case 'contact':
      return { kind: 'contact', gtid: e.id };
    case 'pipelineRow':
      return {
        kind: 'row',
        rowOf: visibility.rowOf,
        uid: e.id,
        deletedGoesToAll: visibility.deletedGoesToAll === true,
      };
    case 'task':
      if (!head) return { kind: 'no' };
      return head === '-' ? { kind: 'yes' } : { kind: 'contact', gtid: head };
    case 'creator':
      return head ? { kind: 'user', uid: head } : { kind: 'no' };
    case 'placement':
      return rest ? { kind: 'pipeline', pipelineUID: rest } : { kind: 'no' };
    case 'contactTag': {
      const [gtid, where] = e.id.split('/');
      if (!gtid || !where) return { kind: 'no' };
      return where === 'global'
        ? { kind: 'contact', gtid }
        : { kind: 'pipeline', pipelineUID: where };
    }
    case 'contactPart':
      return head && rest
        ? { kind: 'part', resource: e.resource, gtid: head, partId: rest }
        : { kind: 'no' };
  }
}

/** The pipeline each `pipelineRow` resource's row belongs to (null: none, team-wide). */
const ROW_PIPELINE: Record<PipelineRowLookup, (teamUID: string, ids: SQL) => SQL<unknown>> = {
  stage: (t, ids) => sql`SELECT stage_uid AS id, pipeline_uid FROM stage
    WHERE team_uid = ${t} AND stage_uid = ANY(${ids})`,
  tagSet: (t, ids) => sql`SELECT tag_set_uid AS id, pipeline_uid FROM tag_set
    WHERE team_uid = ${t} AND tag_set_uid = ANY(${ids})`,
  tag: (t, ids) => sql`SELECT tg.tag_id AS id, ts.pipeline_uid FROM tag tg
    JOIN tag_set ts ON ts.team_uid = tg.team_uid AND ts.tag_set_uid = tg.tag_set_uid
    WHERE tg.team_uid = ${t} AND tg.tag_id = ANY(${ids})`,
  kpi: (t, ids) => sql`SELECT kpi_uid AS id, pipeline_uid FROM kpi
    WHERE team_uid = ${t} AND kpi_uid = ANY(${ids})`,
};

const textArray = (values: Iterable<string>) => sql`${sql.param([...new Set(values)])}::text[]`;

/**
 * Which entries the scope may see (DESIGN §4 "Pipeline access"), resolved with a few batched
 * look-ups per call. Owners and admins see all. For a member with limited pipelines: pipeline-
 * bound entries by their pipeline; contacts by `visibleContacts`; contact parts by their row's
 * pipeline (or, when the row has none, by the contact). An entry whose row is gone (a delete)
 * and cannot be placed is held back: the member's next read of it answers 404 anyway.
 */
export async function visibleSeqs(
  scope: TeamScope,
  db: AppDb,
  entries: readonly ChangeEntry[],
): Promise<Set<number>> {
  if (scope.visiblePipelines === 'all') return new Set(entries.map((e) => e.seq));
  const needs = entries.map((e) => ({ e, need: needOf(e) }));
  const want = (kind: Need['kind']) =>
    needs.flatMap(({ need }) => (need.kind === kind ? [need] : []));

  // Rows that name their pipeline (null = global: every member sees it).
  const pipelineOf = new Map<string, string | null>();
  const lookup = async (
    key: string,
    ids: string[],
    query: (ids: ReturnType<typeof textArray>) => ReturnType<typeof sql>,
  ) => {
    if (ids.length === 0) return;
    const r = await db.execute<{ id: string; pipeline_uid: string | null }>(query(textArray(ids)));
    for (const row of r.rows) pipelineOf.set(`${key}:${row.id}`, row.pipeline_uid);
  };
  const t = scope.teamUID;
  const rows = want('row') as Extract<Need, { kind: 'row' }>[];
  for (const rowOf of Object.keys(ROW_PIPELINE) as PipelineRowLookup[]) {
    await lookup(
      rowOf,
      rows.filter((n) => n.rowOf === rowOf).map((n) => n.uid),
      (ids) => ROW_PIPELINE[rowOf](t, ids),
    );
  }
  const parts = want('part') as Extract<Need, { kind: 'part' }>[];
  for (const resource of new Set(parts.map((p) => p.resource))) {
    const visibility = visibilityOf(resource);
    if (visibility?.kind !== 'contactPart') continue;
    const { table, column } = visibility;
    await lookup(
      resource,
      parts.filter((p) => p.resource === resource).map((p) => `${p.gtid}/${p.partId}`),
      (ids) => sql`SELECT x.gtid || '/' || x.${sql.identifier(column)} AS id, x.pipeline_uid
        FROM ${sql.identifier(table)} x
        WHERE x.team_uid = ${t} AND x.gtid || '/' || x.${sql.identifier(column)} = ANY(${ids})`,
    );
  }

  // Contacts the member sees: the contact entries and the parts that carry no pipeline.
  const gtids = new Set<string>();
  for (const n of want('contact')) gtids.add((n as { gtid: string }).gtid);
  for (const p of parts) {
    if (pipelineOf.has(`${p.resource}:${p.gtid}/${p.partId}`)) gtids.add(p.gtid);
  }
  const seenContacts = new Set<string>();
  if (gtids.size > 0) {
    const r = await db.execute<{ gtid: string }>(sql`
      SELECT c.gtid FROM contact c
      WHERE c.team_uid = ${t} AND c.gtid = ANY(${textArray(gtids)}) AND ${visibleContacts(scope, 'c')}`);
    for (const row of r.rows) seenContacts.add(row.gtid);
  }

  const byPipeline = (p: string | null | undefined) =>
    p === null ? true : p === undefined ? false : canSeePipeline(scope, p);
  const out = new Set<number>();
  for (const { e, need } of needs) {
    let ok: boolean;
    switch (need.kind) {
      case 'yes':
        ok = true;
        break;
      case 'no':
        ok = false;
        break;
      case 'user':
        ok = need.uid === scope.uid;
        break;
      case 'pipeline':
        ok = canSeePipeline(scope, need.pipelineUID);
        break;
      case 'contact':
        ok = seenContacts.has(need.gtid);
        break;
      case 'row': {
        // A row that is gone cannot be placed: held back, unless its resource's id may go to
        // every member (a deleted KPI: the list drops it; GET answers 404 anyway).
        const key = `${need.rowOf}:${need.uid}`;
        ok = pipelineOf.has(key) ? byPipeline(pipelineOf.get(key)) : need.deletedGoesToAll;
        break;
      }
      case 'part': {
        const key = `${need.resource}:${need.gtid}/${need.partId}`;
        if (!pipelineOf.has(key)) ok = false;
        else {
          const p = pipelineOf.get(key)!;
          ok = seenContacts.has(need.gtid) && (p === null || canSeePipeline(scope, p));
        }
        break;
      }
    }
    if (ok) out.add(e.seq);
  }
  return out;
}

/** Where a card is now: its stage and the card right above it there (null: it is first). */
export interface Placement {
  stageUID: string;
  afterGtid: string | null;
}
