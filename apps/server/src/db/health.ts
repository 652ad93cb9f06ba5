import type { Database } from './database';

/** Readiness: the database answers a query. */
export async function databaseAnswers(database: Database): Promise<boolean> {
  try {
    await database.pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
