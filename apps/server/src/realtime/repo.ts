import { sql } from 'drizzle-orm';
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
   * A `contact-pipeline` entry (not a delete) whose row is still there: where the card is now,
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
 * `contact-pipeline` entries name (`GTID/pipelineUID`): one indexed look-up per such entry
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
      WHERE cl.resource = 'contact-pipeline' AND cl.op <> 'delete'
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

/** Resources every member of the team may see (no pipeline or contact behind them). */
const TEAM_WIDE = new Set([
  'member',
  'invitation',
  'subscription',
  'feature-flags',
  'statusLabel',
  'connection',
  'phase',
  'question',
  'messageTemplate',
  'messageTemplateCategory',
  'messageTemplateType',
  'taskTemplate',
]);

/** Contact parts keyed `GTID/partId` whose row carries the pipeline it belongs to (or none). */
const CONTACT_PARTS: Record<string, { table: string; key: string }> = {
  'stage-history': { table: 'stage_history', key: 'id' },
  activity: { table: 'activity', key: 'activity_uid' },
  deal: { table: 'deal', key: 'deal_uid' },
  answer: { table: 'answer', key: 'answer_uid' },
  note: { table: 'note', key: 'note_uid' },
};

type Need =
  | { kind: 'yes' }
  | { kind: 'no' }
  | { kind: 'pipeline'; pipelineUID: string }
  | { kind: 'contact'; gtid: string }
  | { kind: 'stage'; uid: string }
  | { kind: 'tagSet'; uid: string }
  | { kind: 'tag'; uid: string }
  | { kind: 'kpi'; uid: string }
  | { kind: 'part'; resource: string; gtid: string; partId: string }
  | { kind: 'user'; uid: string };

function needOf(e: ChangeEntry): Need {
  if (TEAM_WIDE.has(e.resource)) return { kind: 'yes' };
  const slash = e.id.indexOf('/');
  switch (e.resource) {
    case 'pipeline':
      return { kind: 'pipeline', pipelineUID: e.id };
    case 'stage':
      return { kind: 'stage', uid: e.id };
    case 'tagSet':
      return { kind: 'tagSet', uid: e.id };
    case 'tag':
      return { kind: 'tag', uid: e.id };
    case 'kpi':
      return { kind: 'kpi', uid: e.id };
    case 'contact':
      return { kind: 'contact', gtid: e.id };
    case 'task': {
      // `GTID/taskUID`, or `-/taskUID` for a free-standing task (every member may see those).
      const gtid = slash > 0 ? e.id.slice(0, slash) : '';
      if (!gtid) return { kind: 'no' };
      return gtid === '-' ? { kind: 'yes' } : { kind: 'contact', gtid };
    }
    case 'bulk-job':
      // `createdByUID/jobUID`: a member follows the progress of their own jobs only.
      return slash > 0 ? { kind: 'user', uid: e.id.slice(0, slash) } : { kind: 'no' };
    case 'contact-pipeline':
      return slash > 0 ? { kind: 'pipeline', pipelineUID: e.id.slice(slash + 1) } : { kind: 'no' };
    case 'contact_tag': {
      // `GTID/pipelineUID|global/tagID`
      const [gtid, where] = e.id.split('/');
      if (!gtid || !where) return { kind: 'no' };
      return where === 'global'
        ? { kind: 'contact', gtid }
        : { kind: 'pipeline', pipelineUID: where };
    }
    default:
      if (CONTACT_PARTS[e.resource] && slash > 0) {
        return {
          kind: 'part',
          resource: e.resource,
          gtid: e.id.slice(0, slash),
          partId: e.id.slice(slash + 1),
        };
      }
      // An unknown resource is held back from members with limited pipelines: sound by default.
      return { kind: 'no' };
  }
}

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
  await lookup(
    'stage',
    want('stage').map((n) => (n as { uid: string }).uid),
    (ids) => sql`SELECT stage_uid AS id, pipeline_uid FROM stage
      WHERE team_uid = ${t} AND stage_uid = ANY(${ids})`,
  );
  await lookup(
    'tagSet',
    want('tagSet').map((n) => (n as { uid: string }).uid),
    (ids) => sql`SELECT tag_set_uid AS id, pipeline_uid FROM tag_set
      WHERE team_uid = ${t} AND tag_set_uid = ANY(${ids})`,
  );
  await lookup(
    'tag',
    want('tag').map((n) => (n as { uid: string }).uid),
    (ids) => sql`SELECT tg.tag_id AS id, ts.pipeline_uid FROM tag tg
      JOIN tag_set ts ON ts.team_uid = tg.team_uid AND ts.tag_set_uid = tg.tag_set_uid
      WHERE tg.team_uid = ${t} AND tg.tag_id = ANY(${ids})`,
  );
  await lookup(
    'kpi',
    want('kpi').map((n) => (n as { uid: string }).uid),
    (ids) => sql`SELECT kpi_uid AS id, pipeline_uid FROM kpi
      WHERE team_uid = ${t} AND kpi_uid = ANY(${ids})`,
  );
  const parts = want('part') as Extract<Need, { kind: 'part' }>[];
  for (const [resource, { table, key }] of Object.entries(CONTACT_PARTS)) {
    const of = parts.filter((p) => p.resource === resource);
    await lookup(
      resource,
      of.map((p) => `${p.gtid}/${p.partId}`),
      (ids) => sql`SELECT x.gtid || '/' || x.${sql.identifier(key)} AS id, x.pipeline_uid
        FROM ${sql.identifier(table)} x
        WHERE x.team_uid = ${t} AND x.gtid || '/' || x.${sql.identifier(key)} = ANY(${ids})`,
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
      case 'stage':
      case 'tagSet':
      case 'tag':
        ok = byPipeline(pipelineOf.get(`${need.kind}:${need.uid}`));
        break;
      case 'kpi': {
        // A KPI about a pipeline the member cannot see stays hidden (GET answers 404). A deleted
        // one cannot be placed; its opaque id goes to every member so the list drops it.
        const key = `kpi:${need.uid}`;
        ok = !pipelineOf.has(key) || byPipeline(pipelineOf.get(key));
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
