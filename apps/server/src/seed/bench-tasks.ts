import type { Database } from '../db/database';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import { findUserIdByEmail } from '../modules/teams/repo';
import { seedBenchTasks } from './bench-tasks.repo';
import { DEMO_USER } from './demo-data';

const scope = systemScope('bench tasks seed');

/**
 * `npm run demo -- --tasks N`: the tasks benchmark's load on the demo team — teammates in nine
 * time zones and N open tasks (plus N/2 done) over them, due from 30 days ago to 59 days ahead,
 * 4 in 5 on the team's contacts. One transaction.
 */
export async function seedTaskLoad(database: Database, teamUID: string, open: number) {
  const ownerUID = await findUserIdByEmail(scope, database.db, DEMO_USER.email);
  if (!ownerUID) throw new Error('seed the demo team first');
  return withTx(database, scope, (tx) =>
    seedBenchTasks(tx, teamUID, ownerUID, { open, days: { from: -30, to: 59 } }),
  );
}
