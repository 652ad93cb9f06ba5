import {
  activityTimestamp,
  fillTemplate,
  templateSeed,
  taskTemplateSchema,
  newGtid,
  addDays,
  localToday,
  newPushId,
  zonedInstant,
  PLACEHOLDER_STAGE,
  TERMS_VERSION,
} from '@leadloom/core';
import type { BetterAuth } from '../auth/auth';
import type { Database } from '../db/database';
import { systemScope, teamSystemScope } from '../db/scope';
import { withTx } from '../db/tx';
import type { TeamScope } from '../db/scope';
import { requireContacts } from '../modules/contact-parts/access';
import { addKpis, rebuildRollups } from '../modules/kpis/service';
import { keyBetween } from '../modules/board/position';
import { readSetting, writeSetting } from '../modules/settings/repo';
import { saveTaskTemplate } from '../modules/task-templates/service';
import { insertTasksWithLog } from '../modules/tasks/service';
import type { NewTaskRow } from '../modules/tasks/repo';
import { acceptTerms } from '../modules/account/repo';
import { findUserIdByEmail, insertTeam, membershipsOf } from '../modules/teams/repo';
import { teamScopeFor } from '../scope/team-scope';
import { emit, logChange } from '../events/emit';
import {
  DEMO_ANNOUNCEMENT,
  DEMO_ANSWERS,
  DEMO_DEAL_NAMES,
  DEMO_LABELS,
  DEMO_MESSAGE_DAYS,
  DEMO_NOTES,
  DEMO_PHASES,
  DEMO_PIPELINES,
  DEMO_QUESTIONS,
  DEMO_TAG_SETS,
  DEMO_DONE_TASKS,
  DEMO_TASKS,
  DEMO_TASK_TEMPLATES,
  DEMO_TEMPLATE_CATEGORIES,
  DEMO_TEMPLATE_TYPES,
  DEMO_TEMPLATES,
  DEMO_TEAM_NAME,
  DEMO_USER,
  FIRST_NAMES,
  LAST_NAMES,
} from './demo-data';
import {
  emptyContactBatch,
  analyzeTables,
  insertContactParts,
  insertContactsPlaced,
  SEEDED_TABLES,
  skipForeignKeyTriggers,
  verifyForeignKeys,
  insertPipelineWithStages,
  insertSetup,
  insertTemplates,
  completeDemoTasks,
  demoMessageTargets,
  latestContacts,
} from './demo.repo';

const seedScope = systemScope('demo seed');

/** Contacts per transaction: ~10 rows each over eight tables, a few MB of arrays per batch. */
export const CONTACT_BATCH = 10_000;

/** A small deterministic generator, so a demo team looks the same on every machine. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plausible profile link on a demo contact's platform; `n` keeps namesakes apart. */
export function demoProfileLink(
  platform: 'facebook' | 'instagram',
  firstName: string,
  lastName: string,
  n: number,
): string {
  const first = firstName.toLowerCase();
  const last = lastName.toLowerCase().replace(/[^a-z]/g, '');
  return platform === 'facebook'
    ? `https://www.facebook.com/${first}.${last}.${n}`
    : `https://www.instagram.com/${first}_${last}${n}`;
}

export interface SeedResult {
  created: boolean;
  teamUID: string | null;
  contacts: number;
}

/**
 * Seeds the demo user and team unless the demo user has a team. `contacts` contacts are spread
 * over the demo pipelines, each with its stage history, initial and pipeline activities (and
 * tags, a label, answers, notes and deals for some), as the app would have written them.
 *
 * Set-based (issue 6): the team and its setup are one transaction; contacts follow in
 * transactions of CONTACT_BATCH contacts, one `INSERT ... SELECT FROM unnest(...)` per table
 * each, with a change-log entry per contact. As a superuser (always embedded) the batches skip
 * the per-row foreign-key triggers and the keys are checked set-based at the end. A seed stopped
 * half-way (or failing that check) leaves a demo team with fewer contacts: start again from an
 * empty data folder or database.
 */
export async function seedDemo(
  database: Database,
  auth: BetterAuth,
  opts: {
    contacts?: number;
    now?: number;
    /**
     * Put exactly half of all contacts (rounded down) in one stage, the default pipeline's
     * "New Lead": the board at scale.
     */
    stageHeavy?: boolean;
    /** Contacts per transaction (CONTACT_BATCH). */
    batchSize?: number;
    /** false: keep the per-row foreign-key checks even where bulk-load mode is allowed. */
    bulkLoad?: boolean;
    /** Receives the time spent per table (ms), for the demo command's log. */
    onTimings?: (timings: Record<string, number>) => void;
  } = {},
): Promise<SeedResult> {
  let uid = await findUserIdByEmail(seedScope, database.db, DEMO_USER.email);
  // A user without a team means an earlier seed stopped before its first commit: finish it.
  if (uid && (await membershipsOf(seedScope, database.db, uid)).length > 0) {
    return { created: false, teamUID: null, contacts: 0 };
  }
  uid ??= (await auth.api.signUpEmail({ body: { ...DEMO_USER } })).user.id;
  const ownerUID = uid;
  const author = { uid: ownerUID, name: DEMO_USER.name };
  const teamUID = newPushId();
  const now = opts.now ?? Date.now();
  const total = opts.contacts ?? 48;
  const random = mulberry32(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const stats: Record<string, number> = {};
  const batchSize = opts.batchSize ?? CONTACT_BATCH;

  // Team setup: labels, phases, membership questions, pipelines with stages, tag sets.
  const labels = DEMO_LABELS.map((l, order) => ({
    teamUID,
    labelUID: newPushId('lbl'),
    order,
    ...l,
  }));
  const phases = DEMO_PHASES.map((ph, order) => ({
    teamUID,
    phaseUID: newPushId(),
    name: ph.name,
    color: ph.color,
    order,
  }));
  const phaseOfStage = new Map(
    DEMO_PHASES.flatMap((ph, i) => ph.stages.map((name) => [name, phases[i]!.phaseUID] as const)),
  );
  const questions = DEMO_QUESTIONS.map((question, order) => ({
    teamUID,
    questionUID: newPushId(),
    kind: 'live',
    question,
    order,
  }));
  const pipelineUIDs = DEMO_PIPELINES.map(() => newPushId());
  /** Per pipeline: the placeholder's uid, then its stages' in order. */
  const stageUIDsOf = DEMO_PIPELINES.map((p) => [newPushId(), ...p.stages.map(() => newPushId())]);
  const tagSets = DEMO_TAG_SETS.map((set, order) => ({
    teamUID,
    tagSetUID: newPushId(),
    pipelineUID: set.pipeline === null ? null : pipelineUIDs[set.pipeline]!,
    name: set.name,
    color: set.color,
    order,
    tags: set.tags.map((t, tagOrder) => ({
      teamUID,
      tagID: newPushId(),
      name: t.name,
      color: t.color ?? null,
      remoteID: t.remoteID ?? null,
      order: tagOrder,
    })),
  }));
  const globalTags = tagSets.filter((set) => set.pipelineUID === null);

  await withTx(database, seedScope, async (tx) => {
    await insertTeam(seedScope, tx.db, {
      teamUID,
      name: DEMO_TEAM_NAME,
      slug: `demo-${teamUID.toLowerCase()}`,
      ownerUID,
      subscription: {
        status: 'trialing',
        tier: { value: 3, name: 'pro' },
        includedContacts: 25000,
        includedSeats: 6,
        addons: { contactBlocks: 0, teamMembers: 0 },
        platforms: {
          facebook: { level: 'pro' },
          instagram: { level: 'pro' },
          linkedin: { level: 'basic' },
        },
        stripeData: { baseSub: { status: 'trialing', createdAt: new Date(now).toISOString() } },
      },
    });
    await acceptTerms(seedScope, tx.db, ownerUID, TERMS_VERSION);
    for (const [order, p] of DEMO_PIPELINES.entries()) {
      const pipelineUID = pipelineUIDs[order]!;
      const stageUIDs = stageUIDsOf[order]!;
      await insertPipelineWithStages(
        tx,
        teamUID,
        {
          teamUID,
          pipelineUID,
          nickName: p.nickName,
          isDefault: p.isDefault,
          fbGroupURL: p.fbGroupURL,
          order,
        },
        [
          {
            teamUID,
            pipelineUID,
            stageUID: stageUIDs[0]!,
            name: PLACEHOLDER_STAGE.name,
            color: PLACEHOLDER_STAGE.color ?? '#FFFFFF',
            fontColor: PLACEHOLDER_STAGE.fontColor ?? '#FF0000',
            idx: 0,
          },
          ...p.stages.map((s, i) => ({
            teamUID,
            pipelineUID,
            stageUID: stageUIDs[i + 1]!,
            ...s,
            phase: phaseOfStage.get(s.name) ?? null,
            idx: i + 1,
          })),
        ],
      );
    }
    // The questions are the Facebook group's join questions: its pipeline asks them.
    const pipelineQuestions = DEMO_PIPELINES.flatMap((p, i) =>
      p.fbGroupURL
        ? questions.map((q) => ({
            teamUID,
            pipelineUID: pipelineUIDs[i]!,
            questionUID: q.questionUID,
          }))
        : [],
    );
    await insertSetup(tx, { labels, phases, questions, pipelineQuestions, tagSets });
    const categories = DEMO_TEMPLATE_CATEGORIES.map((name) => ({ id: newPushId('tcat'), name }));
    const types = DEMO_TEMPLATE_TYPES.map((name) => ({ id: newPushId('ttyp'), name }));
    await insertTemplates(tx, teamUID, {
      categories,
      types,
      templates: DEMO_TEMPLATES.map((t) => ({
        templateUID: newPushId('tpl'),
        name: t.name,
        body: t.body,
        categoryID: categories.find((c) => c.name === t.category)!.id,
        typeID: types.find((x) => x.name === t.type)!.id,
        tags: t.tags,
        createdBy: ownerUID,
      })),
    });
  });

  // Contacts, in transactions of at most CONTACT_BATCH contacts: bounded memory and WAL, and
  // on the embedded database's one connection nobody else waits for long.
  let batch = emptyContactBatch();
  let inBatch = 0;
  let batches = 0;
  let bulkLoaded = false;
  const flush = async () => {
    if (inBatch === 0) return;
    const full = batch;
    batch = emptyContactBatch();
    inBatch = 0;
    batches++;
    let flushFrom = 0;
    await withTx(database, seedScope, async (tx) => {
      const bulk = opts.bulkLoad !== false && (await skipForeignKeyTriggers(tx));
      await insertContactsPlaced(tx, teamUID, full, stats);
      // With per-row checks, statistics once the tables have doubled (batches 1, 2, 4...): see
      // analyzeTables.
      if (!bulk && (batches & (batches - 1)) === 0) {
        const started = performance.now();
        await analyzeTables(tx, ['contact_pipeline']);
        stats.analyze = (stats.analyze ?? 0) + performance.now() - started;
      }
      await insertContactParts(tx, teamUID, author, full, stats);
      bulkLoaded ||= bulk;
      await emit(tx, teamSystemScope('demo seed', teamUID), {
        changed: full.contacts.gtid.map((gtid) => logChange('contact', gtid, 'insert')),
      });
      flushFrom = performance.now();
    });
    stats['change_log+commit'] = (stats['change_log+commit'] ?? 0) + performance.now() - flushFrom;
  };
  const usedGtids = new Set<string>();
  let made = 0;
  let heavyLeft = opts.stageHeavy ? Math.floor(total / 2) : 0;
  for (const [order, p] of DEMO_PIPELINES.entries()) {
    const pipelineUID = pipelineUIDs[order]!;
    const stageUIDs = stageUIDsOf[order]!;
    const placeholderUID = stageUIDs[0]!;
    // --stage-heavy: exactly half of all contacts in the default pipeline's first real stage.
    const heavyUID = opts.stageHeavy && order === 0 ? stageUIDs[1]! : null;
    const spread = stageUIDs.filter((s) => s !== heavyUID);
    const count = order === DEMO_PIPELINES.length - 1 ? total - made : Math.round(total * p.share);
    const lastKey = new Map<string, string | null>();
    for (let i = 0; i < count; i++) {
      // Most contacts sit early in the funnel, as in a real pipeline.
      let stageUID: string;
      if (heavyUID && heavyLeft > 0) {
        stageUID = heavyUID;
        heavyLeft--;
      } else {
        stageUID =
          spread[Math.min(spread.length - 1, Math.floor(random() ** 1.6 * spread.length))]!;
      }
      // Cards are appended at the end of their stage, as the app does (DESIGN §5).
      const position = keyBetween(lastKey.get(stageUID) ?? null, null);
      lastKey.set(stageUID, position);
      const createdMs = now - Math.floor(random() * 30 * 86_400_000);
      let gtid = newGtid(createdMs, random);
      while (usedGtids.has(gtid)) gtid = newGtid(createdMs, random);
      usedGtids.add(gtid);
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      const lastActivityMs = createdMs + Math.floor(random() * (now - createdMs));
      const c = batch.contacts;
      c.gtid.push(gtid);
      c.firstName.push(firstName);
      c.lastName.push(lastName);
      c.email.push(
        random() < 0.8 ? `${firstName}.${lastName}${i}@example.com`.toLowerCase() : null,
      );
      c.phone.push(random() < 0.4 ? `+1 555 01${String(i % 100).padStart(2, '0')}` : null);
      const source = order === 0 ? 'facebook' : 'instagram';
      c.source.push(source);
      // Found on a platform, so most have their profile link there (the queue sends to it); a
      // few do not, as in real data, so the queue's "has no profile link" answer shows too.
      c.profile.push(i % 40 === 7 ? null : demoProfileLink(source, firstName, lastName, i));
      c.createdMs.push(createdMs);
      c.lastActivityMs.push(lastActivityMs);
      c.pipelineUID.push(pipelineUID);
      c.stageUID.push(stageUID);
      c.position.push(position);
      const h = batch.history;
      const act = batch.activities;
      const activity = (row: {
        id: string;
        type: string;
        action: string;
        pipelineUID?: string | null;
        stageUID?: string | null;
        refUID?: string | null;
        note?: string | null;
        data?: Record<string, unknown> | null;
        atMs: number;
      }) => {
        act.activityUID.push(row.id);
        act.gtid.push(gtid);
        act.type.push(row.type);
        act.action.push(row.action);
        act.pipelineUID.push(row.pipelineUID ?? null);
        act.stageUID.push(row.stageUID ?? null);
        act.refUID.push(row.refUID ?? null);
        act.note.push(row.note ?? null);
        act.data.push(row.data ? JSON.stringify(row.data) : null);
        act.atMs.push(row.atMs);
      };
      // Every contact entered the placeholder when added; most were moved on later.
      h.id.push(newPushId('sh', createdMs));
      h.gtid.push(gtid);
      h.pipelineUID.push(pipelineUID);
      h.stageUID.push(placeholderUID);
      h.atMs.push(createdMs);
      if (stageUID !== placeholderUID) {
        h.id.push(newPushId('sh', lastActivityMs));
        h.gtid.push(gtid);
        h.pipelineUID.push(pipelineUID);
        h.stageUID.push(stageUID);
        h.atMs.push(lastActivityMs);
        const toName = p.stages[stageUIDs.indexOf(stageUID) - 1]!.name;
        activity({
          id: newPushId('act', lastActivityMs),
          type: 'stage',
          action: 'changed',
          pipelineUID,
          stageUID,
          data: { from: placeholderUID, to: stageUID, fromName: PLACEHOLDER_STAGE.name, toName },
          atMs: lastActivityMs,
        });
        if (/Proposal|Won|Booked/.test(toName)) {
          const d = batch.deals;
          d.dealUID.push(newPushId());
          d.gtid.push(gtid);
          d.pipelineUID.push(pipelineUID);
          d.name.push(pick(DEMO_DEAL_NAMES));
          d.value.push(String(500 + Math.floor(random() * 20) * 100));
          d.currency.push(random() < 0.8 ? 'USD' : 'EUR');
          d.status.push(toName === 'Won' ? 'won' : 'open');
          d.atMs.push(lastActivityMs);
        }
      }
      c.labelUID.push(random() < 0.5 ? pick(labels).labelUID : null);
      // Global tags: up to one per global set; a pipeline tag for some.
      const tag = (set: (typeof tagSets)[number], where: string | null) => {
        const t = pick(set.tags);
        batch.tags.gtid.push(gtid);
        batch.tags.pipelineUID.push(where);
        batch.tags.tagSetUID.push(set.tagSetUID);
        batch.tags.tagID.push(t.tagID);
        batch.tags.name.push(t.name);
        batch.tags.addedMs.push(createdMs);
      };
      for (const set of globalTags) if (random() < 0.35) tag(set, null);
      for (const set of tagSets) {
        if (set.pipelineUID === pipelineUID && random() < 0.4) tag(set, pipelineUID);
      }
      if (order === 0) {
        const answers = pick(DEMO_ANSWERS);
        for (const [qi, q] of questions.entries()) {
          const a = batch.answers;
          a.answerUID.push(newPushId());
          a.gtid.push(gtid);
          a.pipelineUID.push(pipelineUID);
          a.questionUID.push(q.questionUID);
          a.question.push(q.question);
          a.answer.push(answers[qi] ?? '');
          a.order.push(qi);
        }
      }
      if (random() < 0.25) {
        const noteAt = Math.min(now, createdMs + 3_600_000);
        const noteUID = newPushId('note', noteAt);
        const text = pick(DEMO_NOTES);
        const n = batch.notes;
        n.noteUID.push(noteUID);
        n.gtid.push(gtid);
        n.pipelineUID.push(pipelineUID);
        n.text.push(text);
        n.atMs.push(noteAt);
        activity({
          id: newPushId('act', noteAt),
          type: 'note',
          action: 'created',
          pipelineUID,
          refUID: noteUID,
          note: text,
          atMs: noteAt,
        });
      }
      // SPEC §9: the initial activity is backdated 2 minutes, the pipeline add 1 minute.
      const initialAt = activityTimestamp('initial', createdMs);
      activity({
        id: newPushId('act', initialAt),
        type: 'initial',
        action: 'created',
        atMs: initialAt,
      });
      const addedAt = activityTimestamp('pipelineAdd', createdMs);
      activity({
        id: newPushId('act', addedAt),
        type: 'pipeline',
        action: 'added',
        pipelineUID,
        stageUID: placeholderUID,
        atMs: addedAt,
      });
      if (++inBatch === batchSize) await flush();
    }
    made += count;
  }
  await flush();
  await seedDemoTasks(database, teamUID, ownerUID, now);
  await withTx(database, seedScope, async (tx) => {
    if ((await readSetting(seedScope, tx.db, 'dashboardData')) !== undefined) return;
    await writeSetting(seedScope, tx.db, 'dashboardData', {
      announcements: [{ ...DEMO_ANNOUNCEMENT, publishedAt: new Date(now).toISOString() }],
    });
  });
  // Two KPIs so /dashboard/kpi has something to show, and the rollups of the activities
  // written above (most straight into the table, so not through emit).
  await withTx(database, seedScope, async (tx) => {
    const scope: TeamScope = {
      kind: 'team',
      teamUID,
      uid: ownerUID,
      role: 'owner',
      visiblePipelines: 'all',
    };
    const contacted = DEMO_PIPELINES[0]!.stages.findIndex((st) => st.name === 'Contacted');
    await addKpis(tx, scope, [
      {
        name: 'Leads contacted',
        event: 'stage',
        pipelineUID: pipelineUIDs[0]!,
        stageUID: stageUIDsOf[0]![contacted + 1]!,
        period: 'month',
        target: 20,
      },
      { name: 'New contacts this week', event: 'added', period: 'week', target: 15 },
    ]);
    await rebuildRollups(tx, scope);
  });
  // Fresh statistics for what reads the team next (the board, benchmarks; embedded PGlite has
  // no autovacuum), then, after a bulk load, the foreign keys the triggers did not check.
  await withTx(database, seedScope, async (tx) => {
    let started = performance.now();
    await analyzeTables(tx, SEEDED_TABLES);
    stats.analyze = (stats.analyze ?? 0) + performance.now() - started;
    if (bulkLoaded) {
      started = performance.now();
      await verifyForeignKeys(tx, teamUID);
      stats.verify = performance.now() - started;
    }
  });
  opts.onTimings?.(stats);
  return { created: true, teamUID, contacts: total };
}

/**
 * The demo's tasks as the owner would have made them, through the tasks module's own insert
 * (`insertTasksWithLog`: the task, its contact's `task` activity, sync rows, change log): the
 * open ones of DEMO_TASKS around today, and DEMO_DONE_TASKS completed on recent days (their
 * `completed` activities at those times, through `emit`), so the contacts' timelines,
 * the Done view and the home dashboard's week and streak look lived-in. The owner's zone is UTC.
 */
async function seedDemoTasks(database: Database, teamUID: string, ownerUID: string, now: number) {
  const scope = await teamScopeFor(database, ownerUID, teamUID);
  const today = localToday(now, 'UTC');
  const row = (
    t: { name: string; time: string | null; repeat: NewTaskRow['repeat'] },
    dueDate: string,
    gtid: string | null,
  ): NewTaskRow => ({
    taskUID: newPushId('task'),
    gtid,
    name: t.name,
    notes: '',
    assigneeUID: ownerUID,
    dueDate,
    dueTime: t.time,
    timeZone: 'UTC',
    actualDueMs: zonedInstant(dueDate, t.time ?? '00:00', 'UTC'),
    repeat: t.repeat,
  });
  await withTx(database, scope, async (tx) => {
    const gtids = await latestContacts(tx, teamUID, DEMO_TASKS.length + DEMO_DONE_TASKS.length);
    const contacts = gtids.length ? await requireContacts(scope, tx.db, gtids) : new Map();
    const open = DEMO_TASKS.map((t, i) => row(t, addDays(today, t.days), gtids[i] ?? null));
    const done = DEMO_DONE_TASKS.map((t, i) =>
      row({ ...t, repeat: null }, addDays(today, t.days), gtids[DEMO_TASKS.length + i] ?? null),
    );
    await insertTasksWithLog(tx, scope, [...open, ...done], contacts);
    // Completed on their day, at their time (never after the seed's now).
    const completedAt = done.map((d) => Math.min(now - 60_000, d.actualDueMs + 20 * 60_000));
    await completeDemoTasks(
      tx,
      teamUID,
      ownerUID,
      done.map((d, i) => ({ taskUID: d.taskUID, atMs: completedAt[i]! })),
    );
    await emit(tx, scope, {
      activities: done.flatMap((d, i) =>
        d.gtid
          ? [
              {
                gtid: d.gtid,
                type: 'task' as const,
                action: 'completed',
                refUID: d.taskUID,
                note: d.name,
                data: { dueDate: d.dueDate, dueTime: d.dueTime, assigneeUID: d.assigneeUID },
                at: completedAt[i]!,
              },
            ]
          : [],
      ),
    });
  });
  // Messages "sent" from the composer on recent days: each a template filled for its contact
  // exactly as the composer fills it, logged as the composer logs it (a `message` activity).
  await withTx(database, scope, async (tx) => {
    const { templates, contacts } = await demoMessageTargets(tx, teamUID, DEMO_MESSAGE_DAYS.length);
    if (templates.length === 0) return;
    await emit(tx, scope, {
      activities: contacts.map((c, i) => {
        const t = templates[i % templates.length]!;
        const text = fillTemplate(
          t.body,
          { firstName: c.first_name, lastName: c.last_name, senderName: DEMO_USER.name },
          templateSeed(t.body, c.gtid),
        ).text;
        const [days, time] = DEMO_MESSAGE_DAYS[i]!;
        return {
          gtid: c.gtid,
          type: 'message' as const,
          action: 'sent',
          refUID: t.template_uid,
          note: text,
          data: { templateName: t.name },
          at: Math.min(now - 120_000, zonedInstant(addDays(today, days), time, 'UTC')),
        };
      }),
    });
  });
  // Task templates, through the module's own save (one transaction each, as the screen does).
  for (const t of DEMO_TASK_TEMPLATES) {
    await saveTaskTemplate(database, scope, null, taskTemplateSchema.parse(t), { changeId: null });
  }
}
