import { systemScope } from '../db/scope';
import type { Services } from '../services';
import { vacuumAnalyzeAll } from './embedded-maintenance.repo';

const scope = systemScope('embedded maintenance');

/**
 * What autovacuum does for PostgreSQL, for embedded PGlite, which has none: VACUUM (ANALYZE) at
 * start (in the background) and with the hourly maintenance run. Without statistics the planner
 * walked whole pipelines (the board's deal totals took 2 s at 28,000 placements, 50 ms after
 * ANALYZE); without VACUUM the visibility map stays empty, so every index-only scan reads the
 * table too (a search page at offset 9,000: 9,050 heap fetches and 15 ms, 90 and 4 ms after),
 * dead rows of updated contacts and placements are never reclaimed, and the trigram indexes' GIN
 * pending lists (every contact update adds its words there) grow to 4 MB, which every search's
 * trigram scan reads whole (a names LIKE finding nothing: 10 ms on PGlite, 0.1 ms merged). A 40,000-contact team
 * takes 1-2 s, during which the single connection serves nothing else.
 */
export async function maintainEmbeddedDatabase(services: Pick<Services, 'database'>) {
  if (services.database.mode !== 'embedded') return false;
  await vacuumAnalyzeAll(scope, services.database.db);
  return true;
}
