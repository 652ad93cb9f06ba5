import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from './database';

/**
 * The one way a team's ordered list (pipelines, stages, phases, questions, tag sets, tags,
 * labels) takes a new order: one statement sets each row's order column to its position in
 * `uids` (from `base`), touching only the rows whose position changed, and answers their uids.
 * The caller has checked that `uids` lists the whole list once (and locked it).
 */
export async function writeListOrder(
  db: AppDb,
  list: {
    table: string;
    /** The uid column. */
    key: string;
    /** The order column ("order" unless given). */
    column?: string;
    teamUID: string;
    /** More conditions on the row `t` (e.g. its pipeline). */
    where?: SQL;
    /** Position of the first uid (0 unless given). */
    base?: number;
  },
  uids: readonly string[],
): Promise<string[]> {
  if (uids.length === 0) return [];
  const column = sql.identifier(list.column ?? 'order');
  const key = sql.identifier(list.key);
  const position = sql`(v.ord - 1 + ${list.base ?? 0})::int`;
  const r = await db.execute<{ uid: string }>(sql`
    UPDATE ${sql.identifier(list.table)} t SET ${column} = ${position}
    FROM unnest(${sql.param([...uids])}::text[]) WITH ORDINALITY AS v(uid, ord)
    WHERE t.team_uid = ${list.teamUID} AND t.${key} = v.uid AND t.${column} <> ${position}
      ${list.where ? sql`AND ${list.where}` : sql``}
    RETURNING t.${key} AS uid`);
  return r.rows.map((row) => row.uid);
}
