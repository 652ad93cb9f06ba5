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

export async function insertContactsPlaced(
  tx: Tx,
  contacts: (typeof schema.contact.$inferInsert)[],
  placements: (typeof schema.contactPipeline.$inferInsert)[],
  history: (typeof schema.stageHistory.$inferInsert)[],
  activities: (typeof schema.activity.$inferInsert)[],
) {
  await chunked(contacts, (part) => tx.db.insert(schema.contact).values(part));
  await chunked(placements, (part) => tx.db.insert(schema.contactPipeline).values(part));
  await chunked(history, (part) => tx.db.insert(schema.stageHistory).values(part));
  await chunked(activities, (part) => tx.db.insert(schema.activity).values(part));
}
