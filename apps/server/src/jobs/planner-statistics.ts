import { systemScope } from '../db/scope';
import type { Services } from '../services';
import { analyzeAll } from './planner-statistics.repo';

const scope = systemScope('planner statistics');

/**
 * PostgreSQL keeps its planner statistics fresh with autovacuum; embedded PGlite has none, and a
 * table never analysed gets plans that walk whole pipelines (the board's deal totals took 2 s at
 * 28,000 placements, 50 ms after ANALYZE). So the embedded server analyses at start (in the
 * background) and with the hourly maintenance run.
 */
export async function refreshPlannerStatistics(services: Pick<Services, 'database'>) {
  if (services.database.mode !== 'embedded') return false;
  await analyzeAll(scope, services.database.db);
  return true;
}
