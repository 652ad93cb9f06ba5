import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visibleContacts } from '../../db/visibility';

/** The fields other modules need to act on a contact (sync lead data included). */
export interface ContactHead {
  gtid: string;
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  statusLabelUID: string | null;
}

type HeadDbRow = {
  gtid: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email_address: string | null;
  phone_number: string | null;
  status_label_uid: string | null;
};

const headColumns = sql`c.gtid, c.first_name, c.last_name, c.full_name, c.email_address,
  c.phone_number, c.status_label_uid`;

const toHead = (row: HeadDbRow): ContactHead => ({
  gtid: row.gtid,
  firstName: row.first_name,
  lastName: row.last_name,
  fullName: row.full_name,
  emailAddress: row.email_address,
  phoneNumber: row.phone_number,
  statusLabelUID: row.status_label_uid,
});

/**
 * A contact the scope may see, or null. With `lock`, the row is locked until the transaction
 * ends, so two actions on one contact queue instead of interleaving.
 */
export async function findVisibleContact(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  opts: { lock?: boolean } = {},
): Promise<ContactHead | null> {
  const r = await db.execute<HeadDbRow>(sql`
    SELECT ${headColumns}
    FROM contact c
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = ${gtid} AND ${visibleContacts(scope, 'c')}
    ${opts.lock ? sql`FOR UPDATE OF c` : sql``}`);
  const row = r.rows[0];
  return row ? toHead(row) : null;
}

/**
 * The contacts of `gtids` the scope may see, by GTID (one statement for any number). With
 * `lock`, their rows are locked in GTID order (the order every set-based action locks in, so
 * two of them cannot deadlock) until the transaction ends.
 */
export async function findVisibleContacts(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  opts: { lock?: boolean } = {},
): Promise<Map<string, ContactHead>> {
  if (gtids.length === 0) return new Map();
  const r = await db.execute<HeadDbRow>(sql`
    SELECT ${headColumns}
    FROM contact c
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = ANY(${sql.param([...new Set(gtids)])}::text[])
      AND ${visibleContacts(scope, 'c')}
    ${opts.lock ? sql`ORDER BY c.gtid FOR UPDATE OF c` : sql``}`);
  return new Map(r.rows.map((row) => [row.gtid, toHead(row)]));
}
