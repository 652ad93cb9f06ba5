import { sql } from 'drizzle-orm';
import { teamSystemScope } from '../db/scope';
import type { Tx } from '../db/tx';
import { emit, logChange } from '../events/emit';
import * as schema from '../db/schema';

/**
 * Set-based inserts for the demo seed; every row carries the demo team's id. Contact rows go in
 * as column arrays through `unnest(...)`: one statement per table per batch, whatever its size
 * (a statement takes at most 65,535 parameters; an array is one).
 */
export async function insertPipelineWithStages(
  tx: Tx,
  teamUID: string,
  p: typeof schema.pipeline.$inferInsert,
  stages: (typeof schema.stage.$inferInsert)[],
) {
  await tx.db.insert(schema.pipeline).values(p);
  await tx.db.insert(schema.stage).values(stages);
  await emit(tx, teamSystemScope('demo seed', teamUID), {
    changed: [logChange('pipeline', p.pipelineUID, 'insert')],
  });
}

export interface DemoSetup {
  labels: (typeof schema.statusLabel.$inferInsert)[];
  phases: (typeof schema.pipelinePhase.$inferInsert)[];
  questions: (typeof schema.teamQuestion.$inferInsert)[];
  /** Which of the questions each pipeline asks. */
  pipelineQuestions: (typeof schema.pipelineQuestion.$inferInsert)[];
  tagSets: (typeof schema.tagSet.$inferInsert & {
    tags: Omit<typeof schema.tag.$inferInsert, 'tagSetUID'>[];
  })[];
}

export interface DemoTemplates {
  categories: { id: string; name: string }[];
  types: { id: string; name: string }[];
  templates: {
    templateUID: string;
    name: string;
    body: string;
    categoryID: string;
    typeID: string;
    tags: string[];
    createdBy: string;
  }[];
}

/** Labels, phases, questions and tag sets with their tags (pipelines must exist). */
export async function insertSetup(tx: Tx, setup: DemoSetup) {
  if (setup.labels.length) await tx.db.insert(schema.statusLabel).values(setup.labels);
  if (setup.phases.length) await tx.db.insert(schema.pipelinePhase).values(setup.phases);
  if (setup.questions.length) await tx.db.insert(schema.teamQuestion).values(setup.questions);
  if (setup.pipelineQuestions.length) {
    await tx.db.insert(schema.pipelineQuestion).values(setup.pipelineQuestions);
  }
  for (const { tags, ...set } of setup.tagSets) {
    await tx.db.insert(schema.tagSet).values(set);
    if (tags.length) {
      await tx.db.insert(schema.tag).values(tags.map((t) => ({ ...t, tagSetUID: set.tagSetUID })));
    }
  }
}

/** Message template categories, types and templates, in order. */
export async function insertTemplates(tx: Tx, teamUID: string, demo: DemoTemplates) {
  const { categories, types, templates } = demo;
  for (const [i, c] of categories.entries()) {
    await tx.db.execute(sql`
      INSERT INTO message_template_category (team_uid, category_id, name, "order")
      VALUES (${teamUID}, ${c.id}, ${c.name}, ${i})`);
  }
  for (const [i, t] of types.entries()) {
    await tx.db.execute(sql`
      INSERT INTO message_template_type (team_uid, type_id, name, "order")
      VALUES (${teamUID}, ${t.id}, ${t.name}, ${i})`);
  }
  for (const t of templates) {
    await tx.db.execute(sql`
      INSERT INTO message_template
        (team_uid, template_uid, name, body, category_id, type_id, tags, created_by, updated_by)
      VALUES (${teamUID}, ${t.templateUID}, ${t.name}, ${t.body}, ${t.categoryID}, ${t.typeID},
              ${JSON.stringify(t.tags)}::jsonb, ${t.createdBy}, ${t.createdBy})`);
  }
}

/** Times travel as epoch milliseconds (bigint[]) and become timestamptz exactly. */
const at = (col: string) => `(timestamptz 'epoch' + ${col} * interval '1 millisecond')`;

/**
 * One batch of demo contacts as column arrays (index i of every array of a group = one row).
 * Each contact sits in exactly one pipeline, so its placement shares the contact's arrays.
 */
export interface ContactBatch {
  contacts: {
    gtid: string[];
    firstName: string[];
    lastName: string[];
    email: (string | null)[];
    phone: (string | null)[];
    source: string[];
    /** The profile link on the contact's source platform, if known. */
    profile: (string | null)[];
    labelUID: (string | null)[];
    createdMs: number[];
    lastActivityMs: number[];
    pipelineUID: string[];
    stageUID: string[];
    position: string[];
  };
  history: {
    id: string[];
    gtid: string[];
    pipelineUID: string[];
    stageUID: string[];
    atMs: number[];
  };
  activities: {
    activityUID: string[];
    gtid: string[];
    type: string[];
    action: string[];
    pipelineUID: (string | null)[];
    stageUID: (string | null)[];
    refUID: (string | null)[];
    note: (string | null)[];
    /** JSON text or null. */
    data: (string | null)[];
    atMs: number[];
  };
  tags: {
    gtid: string[];
    pipelineUID: (string | null)[];
    tagSetUID: string[];
    tagID: string[];
    name: string[];
    addedMs: number[];
  };
  notes: {
    noteUID: string[];
    gtid: string[];
    pipelineUID: string[];
    text: string[];
    atMs: number[];
  };
  deals: {
    dealUID: string[];
    gtid: string[];
    pipelineUID: string[];
    name: string[];
    value: string[];
    currency: string[];
    status: string[];
    atMs: number[];
  };
  answers: {
    answerUID: string[];
    gtid: string[];
    pipelineUID: string[];
    questionUID: string[];
    question: string[];
    answer: string[];
    order: number[];
  };
}

export function emptyContactBatch(): ContactBatch {
  return {
    contacts: {
      gtid: [],
      firstName: [],
      lastName: [],
      email: [],
      phone: [],
      source: [],
      profile: [],
      labelUID: [],
      createdMs: [],
      lastActivityMs: [],
      pipelineUID: [],
      stageUID: [],
      position: [],
    },
    history: { id: [], gtid: [], pipelineUID: [], stageUID: [], atMs: [] },
    activities: {
      activityUID: [],
      gtid: [],
      type: [],
      action: [],
      pipelineUID: [],
      stageUID: [],
      refUID: [],
      note: [],
      data: [],
      atMs: [],
    },
    tags: { gtid: [], pipelineUID: [], tagSetUID: [], tagID: [], name: [], addedMs: [] },
    notes: { noteUID: [], gtid: [], pipelineUID: [], text: [], atMs: [] },
    deals: {
      dealUID: [],
      gtid: [],
      pipelineUID: [],
      name: [],
      value: [],
      currency: [],
      status: [],
      atMs: [],
    },
    answers: {
      answerUID: [],
      gtid: [],
      pipelineUID: [],
      questionUID: [],
      question: [],
      answer: [],
      order: [],
    },
  };
}

/** Who the seeded activities, notes and deals are by. */
export interface DemoAuthor {
  uid: string;
  name: string;
}

/**
 * A PostgreSQL array literal of `values` (NULL for null), built in one pass: node-pg's own array
 * encoding checks every element's type and took seconds on the seed's few million elements.
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${NEEDS_ESCAPE.test(v) ? v.replace(/[\\"]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}
const NEEDS_ESCAPE = /[\\"]/;

async function timed(
  tx: Tx,
  timings: Record<string, number>,
  name: string,
  rows: number,
  text: string,
  values: unknown[],
) {
  if (rows === 0) return;
  let started = performance.now();
  const params = values.map((v) =>
    Array.isArray(v) ? pgArray(v as (string | number | null)[]) : v,
  );
  timings.encode = (timings.encode ?? 0) + performance.now() - started;
  started = performance.now();
  await tx.client.query(text, params);
  timings[name] = (timings[name] ?? 0) + performance.now() - started;
}

/**
 * Inserts one batch's contacts and their placements (one `INSERT ... SELECT FROM unnest(...)`
 * each). Adds per-table time (ms) to `timings`.
 */
export async function insertContactsPlaced(
  tx: Tx,
  teamUID: string,
  b: ContactBatch,
  timings: Record<string, number>,
): Promise<void> {
  const run = (name: string, rows: number, text: string, values: unknown[]) =>
    timed(tx, timings, name, rows, text, values);
  const c = b.contacts;
  await run(
    'contact',
    c.gtid.length,
    `INSERT INTO contact (team_uid, gtid, first_name, last_name, full_name, email_address,
       phone_number, sources, profiles, status_label_uid, created_at, updated_at, last_activity_at)
     SELECT $1, u.gtid, u.f, u.l, u.f || ' ' || u.l, u.e, u.p, jsonb_build_array(u.s),
       CASE WHEN u.pr IS NULL THEN '{}'::jsonb ELSE jsonb_build_object(u.s, u.pr) END, u.lbl,
       ${at('u.c')}, ${at('u.a')}, ${at('u.a')}
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::bigint[], $11::bigint[]) AS u(gtid, f, l, e, p, s, pr, lbl, c, a)`,
    [
      teamUID,
      c.gtid,
      c.firstName,
      c.lastName,
      c.email,
      c.phone,
      c.source,
      c.profile,
      c.labelUID,
      c.createdMs,
      c.lastActivityMs,
    ],
  );
  await run(
    'contact_pipeline',
    c.gtid.length,
    `INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position, added_at,
       stage_changed_at)
     SELECT $1, u.gtid, u.pl, u.st, u.pos, ${at('u.c')}, ${at('u.a')}
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])
       AS u(gtid, pl, st, pos, c, a)`,
    [teamUID, c.gtid, c.pipelineUID, c.stageUID, c.position, c.createdMs, c.lastActivityMs],
  );
}

/**
 * The batch's stage history, activities, tags, notes, deals and answers, after its contacts and
 * placements (their foreign keys point there).
 */
export async function insertContactParts(
  tx: Tx,
  teamUID: string,
  author: DemoAuthor,
  b: ContactBatch,
  timings: Record<string, number>,
): Promise<void> {
  const run = (name: string, rows: number, text: string, values: unknown[]) =>
    timed(tx, timings, name, rows, text, values);
  const h = b.history;
  await run(
    'stage_history',
    h.id.length,
    `INSERT INTO stage_history (team_uid, id, gtid, pipeline_uid, stage_uid, at)
     SELECT $1, u.id, u.gtid, u.pl, u.st, ${at('u.t')}
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
       AS u(id, gtid, pl, st, t)`,
    [teamUID, h.id, h.gtid, h.pipelineUID, h.stageUID, h.atMs],
  );
  const a = b.activities;
  await run(
    'activity',
    a.activityUID.length,
    `INSERT INTO activity (team_uid, activity_uid, gtid, type, action, pipeline_uid, stage_uid,
       created_by_uid, created_by, ref_uid, note, data, created_at, created_at_unix)
     SELECT $1, u.id, u.gtid, u.ty, u.ac, u.pl, u.st, $2, $3, u.ref, u.note, u.data::jsonb,
       ${at('u.t')}, u.t
     FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::text[], $11::text[], $12::text[], $13::bigint[])
       AS u(id, gtid, ty, ac, pl, st, ref, note, data, t)`,
    [
      teamUID,
      author.uid,
      author.name,
      a.activityUID,
      a.gtid,
      a.type,
      a.action,
      a.pipelineUID,
      a.stageUID,
      a.refUID,
      a.note,
      a.data,
      a.atMs,
    ],
  );
  const t = b.tags;
  await run(
    'contact_tag',
    t.gtid.length,
    `INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name, added_at)
     SELECT $1, u.gtid, u.pl, u.ts, u.tag, u.name, ${at('u.t')}
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
       AS u(gtid, pl, ts, tag, name, t)`,
    [teamUID, t.gtid, t.pipelineUID, t.tagSetUID, t.tagID, t.name, t.addedMs],
  );
  const n = b.notes;
  await run(
    'note',
    n.noteUID.length,
    `INSERT INTO note (team_uid, note_uid, gtid, pipeline_uid, text, created_by_uid, created_by,
       created_at, updated_at)
     SELECT $1, u.id, u.gtid, u.pl, u.txt, $2, $3, ${at('u.t')}, ${at('u.t')}
     FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
       AS u(id, gtid, pl, txt, t)`,
    [teamUID, author.uid, author.name, n.noteUID, n.gtid, n.pipelineUID, n.text, n.atMs],
  );
  const d = b.deals;
  await run(
    'deal',
    d.dealUID.length,
    `INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency, status,
       created_by_uid, created_at, updated_at)
     SELECT $1, u.id, u.gtid, u.pl, u.name, u.v::numeric, u.cur, u.st, $2, ${at('u.t')},
       ${at('u.t')}
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::bigint[]) AS u(id, gtid, pl, name, v, cur, st, t)`,
    [
      teamUID,
      author.uid,
      d.dealUID,
      d.gtid,
      d.pipelineUID,
      d.name,
      d.value,
      d.currency,
      d.status,
      d.atMs,
    ],
  );
  const q = b.answers;
  await run(
    'answer',
    q.answerUID.length,
    `INSERT INTO answer (team_uid, answer_uid, gtid, pipeline_uid, question_uid, question, answer,
       "order")
     SELECT $1, u.id, u.gtid, u.pl, u.q, u.qt, u.ans, u.ord
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::int[]) AS u(id, gtid, pl, q, qt, ans, ord)`,
    [teamUID, q.answerUID, q.gtid, q.pipelineUID, q.questionUID, q.question, q.answer, q.order],
  );
}

/** Every table the seed fills, parents first. */
export const SEEDED_TABLES = [
  'contact',
  'contact_pipeline',
  'stage_history',
  'activity',
  'contact_tag',
  'note',
  'deal',
  'answer',
  'change_log',
] as const;

/**
 * Refreshes the planner's statistics of freshly filled tables. Without them (a new database, and
 * always on embedded PGlite, which has no autovacuum) the foreign-key checks' cached plan probes
 * contact_pipeline through its stage-order index with only (team, pipeline) usable: every answer,
 * deal or tag inserted then reads the whole pipeline (10,000 contacts: 14 s for their answers).
 * ANALYZE counts the transaction's own uncommitted rows, so it helps the same transaction.
 */
export async function analyzeTables(tx: Tx, tables: readonly (typeof SEEDED_TABLES)[number][]) {
  // A 6,000-row sample (default 30,000) is plenty for these plan choices and 3x faster embedded;
  // autovacuum (PostgreSQL) refreshes them at the default later.
  await tx.client.query(`SET LOCAL default_statistics_target = 20`);
  await tx.client.query(`ANALYZE ${tables.join(', ')}`);
}

/**
 * Bulk-load mode for one transaction, when the database user may use it (a superuser: always on
 * embedded PGlite): `session_replication_role = replica` until commit, which skips the per-row
 * foreign-key triggers (the seed's ~13 checks per contact were over half its time embedded).
 * The caller checks the keys set-based afterwards (`verifyForeignKeys`). No app table has triggers of
 * its own, so nothing else is skipped. Returns whether the mode is on.
 */
export async function skipForeignKeyTriggers(tx: Tx): Promise<boolean> {
  const r = await tx.client.query<{ su: string }>(`SELECT current_setting('is_superuser') su`);
  if (r.rows[0]?.su !== 'on') return false;
  await tx.client.query(`SET LOCAL session_replication_role = replica`);
  return true;
}

/**
 * Checks every foreign key of the seeded tables over the team's rows, set-based: one anti-join
 * per constraint (a hash join once the tables have statistics), read from the catalog so a new
 * constraint is checked too. Throws on the first violation.
 */
export async function verifyForeignKeys(tx: Tx, teamUID: string) {
  const fks = await tx.client.query<{
    name: string;
    child: string;
    parent: string;
    cols: string[];
    pcols: string[];
  }>(
    `SELECT c.conname AS name, cl.relname AS child, pl.relname AS parent,
       array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols,
       array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
         JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS pcols
     FROM pg_constraint c
     JOIN pg_class cl ON cl.oid = c.conrelid
     JOIN pg_class pl ON pl.oid = c.confrelid
     WHERE c.contype = 'f' AND cl.relname = ANY($1::text[])
       AND cl.relnamespace = 'public'::regnamespace`,
    [SEEDED_TABLES.filter((t) => t !== 'change_log')],
  );
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const fk of fks.rows) {
    const present = fk.cols.map((c) => `x.${ident(c)} IS NOT NULL`).join(' AND ');
    const match = fk.cols.map((c, i) => `p.${ident(fk.pcols[i]!)} = x.${ident(c)}`).join(' AND ');
    const r = await tx.client.query<{ n: string }>(
      `SELECT count(*) n FROM ${ident(fk.child)} x
       WHERE x.team_uid = $1 AND ${present}
         AND NOT EXISTS (SELECT 1 FROM ${ident(fk.parent)} p WHERE ${match})`,
      [teamUID],
    );
    if (Number(r.rows[0]!.n) > 0) {
      throw new Error(`demo seed: ${r.rows[0]!.n} rows of ${fk.child} break ${fk.name}`);
    }
  }
}

/** The team's `n` newest contacts (the demo's tasks go on them). */
export async function latestContacts(tx: Tx, teamUID: string, n: number): Promise<string[]> {
  const r = await tx.db.execute<{ gtid: string }>(sql`
    SELECT gtid FROM contact WHERE team_uid = ${teamUID} ORDER BY created_at DESC, gtid
    LIMIT ${n}`);
  return r.rows.map((row) => row.gtid);
}

/** The team's message templates and `n` newest contacts' names (the demo's sent messages). */
export async function demoMessageTargets(tx: Tx, teamUID: string, n: number) {
  const templates = await tx.db.execute<{ template_uid: string; name: string; body: string }>(sql`
    SELECT template_uid, name, body FROM message_template WHERE team_uid = ${teamUID}
    ORDER BY template_uid`);
  const contacts = await tx.db.execute<{ gtid: string; first_name: string; last_name: string }>(sql`
    SELECT gtid, first_name, last_name FROM contact WHERE team_uid = ${teamUID}
    ORDER BY created_at DESC, gtid LIMIT ${n}`);
  return { templates: templates.rows, contacts: contacts.rows };
}

/** Marks demo tasks done at past instants (their `completed` activities are the caller's). */
export async function completeDemoTasks(
  tx: Tx,
  teamUID: string,
  ownerUID: string,
  done: { taskUID: string; atMs: number }[],
) {
  if (done.length === 0) return;
  await tx.db.execute(sql`
    UPDATE task t SET status = 'done', completed_by = ${ownerUID},
      completed_at = timestamptz 'epoch' + d.at_ms * interval '1 millisecond'
    FROM unnest(${sql.param(done.map((d) => d.taskUID))}::text[],
                ${sql.param(done.map((d) => d.atMs))}::bigint[]) AS d(task_uid, at_ms)
    WHERE t.team_uid = ${teamUID} AND t.task_uid = d.task_uid`);
}
