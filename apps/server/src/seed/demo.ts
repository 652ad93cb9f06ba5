import { generateNKeysBetween } from 'fractional-indexing';
import {
  activityTimestamp,
  newGtid,
  newPushId,
  PLACEHOLDER_STAGE,
  TERMS_VERSION,
} from '@leadloom/core';
import type { BetterAuth } from '../auth/auth';
import type { Database } from '../db/database';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import type * as schema from '../db/schema';
import { acceptTerms, findUserIdByEmail, insertTeam, membershipsOf } from '../modules/teams/repo';
import {
  DEMO_ANSWERS,
  DEMO_DEAL_NAMES,
  DEMO_LABELS,
  DEMO_NOTES,
  DEMO_PHASES,
  DEMO_PIPELINES,
  DEMO_QUESTIONS,
  DEMO_TAG_SETS,
  DEMO_TEAM_NAME,
  DEMO_USER,
  FIRST_NAMES,
  LAST_NAMES,
} from './demo-data';
import {
  insertContactsPlaced,
  insertPipelineWithStages,
  insertSetup,
  type ContactExtras,
} from './demo.repo';

const seedScope = systemScope('demo seed');

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

export interface SeedResult {
  created: boolean;
  teamUID: string | null;
  contacts: number;
}

/**
 * Seeds the demo user and team unless the demo user exists. `contacts` contacts are spread over
 * the demo pipelines, each with its initial and pipeline activities.
 */
export async function seedDemo(
  database: Database,
  auth: BetterAuth,
  opts: {
    contacts?: number;
    now?: number;
    /** Put half of all contacts in one stage (the default pipeline's "New Lead"): board at scale. */
    stageHeavy?: boolean;
  } = {},
): Promise<SeedResult> {
  let uid = await findUserIdByEmail(seedScope, database.db, DEMO_USER.email);
  // A user without a team means an earlier seed stopped half-way: finish it.
  if (uid && (await membershipsOf(seedScope, database.db, uid)).length > 0) {
    return { created: false, teamUID: null, contacts: 0 };
  }
  uid ??= (await auth.api.signUpEmail({ body: { ...DEMO_USER } })).user.id;
  const ownerUID = uid;
  const teamUID = newPushId();
  const now = opts.now ?? Date.now();
  const total = opts.contacts ?? 48;
  const random = mulberry32(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

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

    const contacts: (typeof schema.contact.$inferInsert)[] = [];
    const placements: (typeof schema.contactPipeline.$inferInsert)[] = [];
    const history: (typeof schema.stageHistory.$inferInsert)[] = [];
    const activities: (typeof schema.activity.$inferInsert)[] = [];
    const usedGtids = new Set<string>();
    let made = 0;
    const extras: ContactExtras = { tags: [], notes: [], deals: [], answers: [] };

    // Team setup: labels, phases, membership questions (tag sets follow, once pipelines exist).
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

    for (const [order, p] of DEMO_PIPELINES.entries()) {
      const pipelineUID = pipelineUIDs[order]!;
      const stageUIDs = [newPushId(), ...p.stages.map(() => newPushId())];
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
      const count =
        order === DEMO_PIPELINES.length - 1 ? total - made : Math.round(total * p.share);
      const perStage = new Map<string, number>();
      const stageOf: string[] = [];
      for (let i = 0; i < count; i++) {
        // Most contacts sit early in the funnel, as in a real pipeline.
        const heavy = opts.stageHeavy && order === 0 && i < Math.floor(total / 2);
        const weighted = heavy
          ? 1
          : Math.min(stageUIDs.length - 1, Math.floor(random() ** 1.6 * stageUIDs.length));
        const stageUID = stageUIDs[weighted]!;
        stageOf.push(stageUID);
        perStage.set(stageUID, (perStage.get(stageUID) ?? 0) + 1);
      }
      const keys = new Map([...perStage].map(([s, n]) => [s, generateNKeysBetween(null, null, n)]));
      const nextKey = new Map([...perStage.keys()].map((s) => [s, 0]));
      for (let i = 0; i < count; i++) {
        const createdMs = now - Math.floor(random() * 30 * 86_400_000);
        let gtid = newGtid(createdMs, random);
        while (usedGtids.has(gtid)) gtid = newGtid(createdMs, random);
        usedGtids.add(gtid);
        const firstName = pick(FIRST_NAMES);
        const lastName = pick(LAST_NAMES);
        const stageUID = stageOf[i]!;
        const k = nextKey.get(stageUID)!;
        nextKey.set(stageUID, k + 1);
        const created = new Date(createdMs);
        const lastActivity = new Date(createdMs + Math.floor(random() * (now - createdMs)));
        contacts.push({
          teamUID,
          gtid,
          firstName,
          lastName,
          fullName: `${firstName} ${lastName}`,
          emailAddress:
            random() < 0.8 ? `${firstName}.${lastName}${i}@example.com`.toLowerCase() : null,
          phoneNumber: random() < 0.4 ? `+1 555 01${String(i % 100).padStart(2, '0')}` : null,
          sources: [order === 0 ? 'facebook' : 'instagram'],
          createdAt: created,
          updatedAt: lastActivity,
          lastActivityAt: lastActivity,
        });
        placements.push({
          teamUID,
          gtid,
          pipelineUID,
          stageUID,
          position: keys.get(stageUID)![k]!,
          addedAt: created,
          stageChangedAt: lastActivity,
        });
        // Every contact entered the placeholder when added; most were moved on later.
        const placeholderUID = stageUIDs[0]!;
        const moved = stageUID !== placeholderUID;
        history.push({
          teamUID,
          id: newPushId('sh', createdMs),
          gtid,
          pipelineUID,
          stageUID: placeholderUID,
          at: created,
        });
        if (moved) {
          history.push({
            teamUID,
            id: newPushId('sh', lastActivity.getTime()),
            gtid,
            pipelineUID,
            stageUID,
            at: lastActivity,
          });
          const toName = p.stages[stageUIDs.indexOf(stageUID) - 1]!.name;
          activities.push({
            teamUID,
            activityUID: newPushId('act', lastActivity.getTime()),
            gtid,
            type: 'stage',
            action: 'changed',
            pipelineUID,
            stageUID,
            createdByUID: ownerUID,
            createdBy: DEMO_USER.name,
            data: { from: placeholderUID, to: stageUID, fromName: PLACEHOLDER_STAGE.name, toName },
            createdAt: lastActivity,
            createdAtUnix: lastActivity.getTime(),
          });
          if (/Proposal|Won|Booked/.test(toName)) {
            const won = toName === 'Won';
            const value = String(500 + Math.floor(random() * 20) * 100);
            extras.deals.push({
              teamUID,
              dealUID: newPushId(),
              gtid,
              pipelineUID,
              name: pick(DEMO_DEAL_NAMES),
              value,
              currency: random() < 0.8 ? 'USD' : 'EUR',
              status: won ? 'won' : 'open',
              createdByUID: ownerUID,
              createdAt: lastActivity,
              updatedAt: lastActivity,
            });
          }
        }
        if (random() < 0.5) {
          contacts[contacts.length - 1]!.statusLabelUID = pick(labels).labelUID;
        }
        // Global tags: up to one per global set; a pipeline tag for some.
        for (const set of globalTags) {
          if (random() < 0.35) {
            const tag = pick(set.tags);
            extras.tags.push({
              teamUID,
              gtid,
              pipelineUID: null,
              tagSetUID: set.tagSetUID,
              tagID: tag.tagID,
              name: tag.name,
              addedAt: created,
            });
          }
        }
        for (const set of tagSets.filter((t) => t.pipelineUID === pipelineUID)) {
          if (random() < 0.4) {
            const tag = pick(set.tags);
            extras.tags.push({
              teamUID,
              gtid,
              pipelineUID,
              tagSetUID: set.tagSetUID,
              tagID: tag.tagID,
              name: tag.name,
              addedAt: created,
            });
          }
        }
        if (order === 0) {
          const answers = pick(DEMO_ANSWERS);
          for (const [qi, q] of questions.entries()) {
            extras.answers.push({
              teamUID,
              answerUID: newPushId(),
              gtid,
              pipelineUID,
              questionUID: q.questionUID,
              question: q.question,
              answer: answers[qi] ?? '',
              order: qi,
            });
          }
        }
        if (random() < 0.25) {
          const at = new Date(Math.min(now, createdMs + 3_600_000));
          extras.notes.push({
            teamUID,
            noteUID: newPushId('note', at.getTime()),
            gtid,
            pipelineUID,
            text: pick(DEMO_NOTES),
            createdByUID: ownerUID,
            createdBy: DEMO_USER.name,
            createdAt: at,
            updatedAt: at,
          });
          activities.push({
            teamUID,
            activityUID: newPushId('act', at.getTime()),
            gtid,
            type: 'note',
            action: 'created',
            pipelineUID,
            refUID: extras.notes[extras.notes.length - 1]!.noteUID,
            note: extras.notes[extras.notes.length - 1]!.text,
            createdByUID: ownerUID,
            createdBy: DEMO_USER.name,
            createdAt: at,
            createdAtUnix: at.getTime(),
          });
        }
        // SPEC §9: the initial activity is backdated 2 minutes, the pipeline add 1 minute.
        for (const [type, kind] of [
          ['initial', 'initial'],
          ['pipeline', 'pipelineAdd'],
        ] as const) {
          const at = activityTimestamp(kind, createdMs);
          activities.push({
            teamUID,
            activityUID: newPushId('act', at),
            gtid,
            type,
            action: type === 'initial' ? 'created' : 'added',
            pipelineUID: type === 'pipeline' ? pipelineUID : null,
            stageUID: type === 'pipeline' ? stageUIDs[0]! : null,
            createdByUID: ownerUID,
            createdBy: DEMO_USER.name,
            createdAt: new Date(at),
            createdAtUnix: at,
          });
        }
        tx.recordChange(teamUID, 'contact', gtid, 'insert');
      }
      made += count;
    }
    await insertSetup(tx, { labels, phases, questions, tagSets });
    await insertContactsPlaced(tx, contacts, placements, history, activities, extras);
  });
  return { created: true, teamUID, contacts: total };
}
