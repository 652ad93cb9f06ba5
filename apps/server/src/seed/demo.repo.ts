import type { Tx } from '../db/tx';
import * as schema from '../db/schema';

/** Set-based inserts for the demo seed; every row carries the demo team's id. */
export async function insertPipelineWithStages(
  tx: Tx,
  teamUID: string,
  p: typeof schema.pipeline.$inferInsert,
  stages: (typeof schema.stage.$inferInsert)[],
) {
  await tx.db.insert(schema.pipeline).values(p);
  await tx.db.insert(schema.stage).values(stages);
  tx.recordChange(teamUID, 'pipeline', p.pipelineUID, 'insert');
}

const CHUNK = 500;

async function chunked<T>(rows: T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export interface ContactExtras {
  tags: (typeof schema.contactTag.$inferInsert)[];
  notes: (typeof schema.note.$inferInsert)[];
  deals: (typeof schema.deal.$inferInsert)[];
  answers: (typeof schema.answer.$inferInsert)[];
}

export interface DemoSetup {
  labels: (typeof schema.statusLabel.$inferInsert)[];
  phases: (typeof schema.pipelinePhase.$inferInsert)[];
  questions: (typeof schema.teamQuestion.$inferInsert)[];
  tagSets: (typeof schema.tagSet.$inferInsert & {
    tags: Omit<typeof schema.tag.$inferInsert, 'tagSetUID'>[];
  })[];
}

/** Labels, phases, questions and tag sets with their tags (pipelines must exist). */
export async function insertSetup(tx: Tx, setup: DemoSetup) {
  if (setup.labels.length) await tx.db.insert(schema.statusLabel).values(setup.labels);
  if (setup.phases.length) await tx.db.insert(schema.pipelinePhase).values(setup.phases);
  if (setup.questions.length) await tx.db.insert(schema.teamQuestion).values(setup.questions);
  for (const { tags, ...set } of setup.tagSets) {
    await tx.db.insert(schema.tagSet).values(set);
    if (tags.length) {
      await tx.db.insert(schema.tag).values(tags.map((t) => ({ ...t, tagSetUID: set.tagSetUID })));
    }
  }
}

export async function insertContactsPlaced(
  tx: Tx,
  contacts: (typeof schema.contact.$inferInsert)[],
  placements: (typeof schema.contactPipeline.$inferInsert)[],
  history: (typeof schema.stageHistory.$inferInsert)[],
  activities: (typeof schema.activity.$inferInsert)[],
  extras: ContactExtras,
) {
  await chunked(contacts, (part) => tx.db.insert(schema.contact).values(part));
  await chunked(placements, (part) => tx.db.insert(schema.contactPipeline).values(part));
  await chunked(history, (part) => tx.db.insert(schema.stageHistory).values(part));
  await chunked(activities, (part) => tx.db.insert(schema.activity).values(part));
  await chunked(extras.tags, (part) => tx.db.insert(schema.contactTag).values(part));
  await chunked(extras.notes, (part) => tx.db.insert(schema.note).values(part));
  await chunked(extras.deals, (part) => tx.db.insert(schema.deal).values(part));
  await chunked(extras.answers, (part) => tx.db.insert(schema.answer).values(part));
}
