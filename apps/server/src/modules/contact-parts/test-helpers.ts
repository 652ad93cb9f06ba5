import { newPushId } from '@leadloom/core';
import type { TestServices } from '../../test/harness';
import {
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';

/**
 * Test helpers of the contact-parts routes (notes, tags, labels, deals, answers): rows written
 * directly, so these tests do not depend on the setup screens' endpoints.
 */

const q = async <T = Record<string, unknown>>(
  s: TestServices,
  text: string,
  values: unknown[] = [],
) => (await s.database.pool.query(text, values)).rows as T[];

export async function addTagSet(
  s: TestServices,
  teamUID: string,
  opts: { pipelineUID?: string | null; name?: string; color?: string } = {},
) {
  const tagSetUID = newPushId();
  await q(
    s,
    `INSERT INTO tag_set (team_uid, tag_set_uid, pipeline_uid, name, color) VALUES ($1, $2, $3, $4, $5)`,
    [teamUID, tagSetUID, opts.pipelineUID ?? null, opts.name ?? 'Tags', opts.color ?? '#1C7EBB'],
  );
  return tagSetUID;
}

export async function addTag(
  s: TestServices,
  teamUID: string,
  tagSetUID: string,
  opts: { name?: string; remoteID?: string | null; color?: string | null } = {},
) {
  const tagID = newPushId();
  await q(
    s,
    `INSERT INTO tag (team_uid, tag_id, tag_set_uid, name, remote_id, color) VALUES ($1, $2, $3, $4, $5, $6)`,
    [teamUID, tagID, tagSetUID, opts.name ?? 'Tag', opts.remoteID ?? null, opts.color ?? null],
  );
  return tagID;
}

export async function addLabel(s: TestServices, teamUID: string, display = 'Hot', color = '#f00') {
  const labelUID = newPushId('lbl');
  await q(
    s,
    `INSERT INTO status_label (team_uid, label_uid, display, color) VALUES ($1, $2, $3, $4)`,
    [teamUID, labelUID, display, color],
  );
  return labelUID;
}

export async function addQuestion(
  s: TestServices,
  teamUID: string,
  question = 'Why did you join?',
  kind: 'live' | 'test' = 'live',
) {
  const questionUID = newPushId();
  await q(
    s,
    `INSERT INTO team_question (team_uid, question_uid, kind, question) VALUES ($1, $2, $3, $4)`,
    [teamUID, questionUID, kind, question],
  );
  return questionUID;
}

/** A connection with every sync option on unless told otherwise. */
export async function addConnection(
  s: TestServices,
  teamUID: string,
  system: string,
  opts: {
    options?: Record<string, unknown>;
    isPaused?: boolean;
    status?: string;
    syncEmailOnly?: boolean;
    syncPeriod?: number;
    usedInPipelines?: string[];
    usedInTagSets?: string[];
  } = {},
) {
  const connectionUID = newPushId();
  const options = opts.options ?? {
    syncInfo: true,
    syncStages: true,
    syncTags: true,
    syncTasks: true,
    syncNotes: true,
    syncGroups: true,
  };
  await q(
    s,
    `INSERT INTO connection (team_uid, connection_uid, system, status, options, is_paused,
       sync_email_only, sync_period, used_in_pipelines, used_in_tag_sets)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::jsonb, $10::jsonb)`,
    [
      teamUID,
      connectionUID,
      system,
      opts.status ?? 'active',
      JSON.stringify(options),
      opts.isPaused ?? false,
      opts.syncEmailOnly ?? false,
      opts.syncPeriod ?? 0,
      JSON.stringify(opts.usedInPipelines ?? []),
      JSON.stringify(opts.usedInTagSets ?? []),
    ],
  );
  return connectionUID;
}

export interface OutboxRecord {
  seq: number;
  kind: string;
  payload: Record<string, unknown> & { changeData?: Record<string, unknown> };
  delayMinutes: number;
}

export async function outboxOf(s: TestServices, teamUID: string): Promise<OutboxRecord[]> {
  const rows = await q<{
    seq: string;
    kind: string;
    payload: OutboxRecord['payload'];
    delay: string;
  }>(
    s,
    `SELECT id AS seq, kind, payload,
       round(extract(epoch FROM (deliver_after - created_at)) / 60)::int AS delay
     FROM outbox WHERE team_uid = $1 ORDER BY id`,
    [teamUID],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    payload: r.payload,
    delayMinutes: Number(r.delay),
  }));
}

export interface ActivityRecord {
  activity_uid: string;
  type: string;
  action: string;
  pipeline_uid: string | null;
  stage_uid: string | null;
  value: string | null;
  currency: string | null;
  ref_uid: string | null;
  note: string | null;
  data: Record<string, unknown> | null;
  created_by_uid: string | null;
  created_by: string | null;
}

export async function activitiesOf(s: TestServices, teamUID: string, gtid: string) {
  return q<ActivityRecord>(
    s,
    `SELECT activity_uid, type, action, pipeline_uid, stage_uid, value::text AS value, currency,
       ref_uid, note, data, created_by_uid, created_by
     FROM activity WHERE team_uid = $1 AND gtid = $2 ORDER BY created_at_unix, activity_uid`,
    [teamUID, gtid],
  );
}

export async function changeLogOf(s: TestServices, teamUID: string) {
  return q<{ resource: string; id: string; op: string; change_id: string | null }>(
    s,
    `SELECT resource, id, op, change_id FROM change_log WHERE team_uid = $1 ORDER BY seq`,
    [teamUID],
  );
}

/** Any rows of a table for a team (to prove nothing was written). */
export async function countRows(s: TestServices, table: string, teamUID: string) {
  const rows = await q<{ n: string }>(
    s,
    `SELECT count(*)::text AS n FROM ${table.replace(/[^a-z_]/g, '')} WHERE team_uid = $1`,
    [teamUID],
  );
  return Number(rows[0]!.n);
}

/** Activities written directly (paging tests), `at` epoch ms. */
export async function insertActivityRows(
  s: TestServices,
  teamUID: string,
  gtid: string,
  rows: { activityUID: string; at: number; type?: string; pipelineUID?: string | null }[],
) {
  for (const r of rows) {
    await q(
      s,
      `INSERT INTO activity (team_uid, activity_uid, gtid, type, action, pipeline_uid,
         created_at_unix, created_at)
       VALUES ($1, $2, $3, $4, 'test', $5, $6::bigint, to_timestamp($6::bigint / 1000.0))`,
      [teamUID, r.activityUID, gtid, r.type ?? 'note', r.pipelineUID ?? null, r.at],
    );
  }
}

/**
 * A team with two pipelines (P1, P2), a member who may see P1 only, and team B's owner:
 * the setting most contact-parts tests share.
 */
export async function contactWorld(s: TestServices, tag: string) {
  const owner = await ownerWithTeam(s, `${tag}-owner@example.com`);
  const p1 = await addPipeline(s, owner.teamUID, 'P1');
  const p2 = await addPipeline(s, owner.teamUID, 'P2');
  const memberUID = await createUser(s, `${tag}-member@example.com`, `${tag} member`);
  await addMember(s, owner.teamUID, memberUID, 'member', [p1.pipelineUID]);
  const member = await signIn(s, `${tag}-member@example.com`);
  const other = await ownerWithTeam(s, `${tag}-other@example.com`);
  return { owner, teamUID: owner.teamUID, p1, p2, memberUID, member, other };
}

export type ContactWorld = Awaited<ReturnType<typeof contactWorld>>;
