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
  const r = await db.execute<{
    gtid: string;
    first_name: string;
    last_name: string;
    full_name: string;
    email_address: string | null;
    phone_number: string | null;
    status_label_uid: string | null;
  }>(sql`
    SELECT c.gtid, c.first_name, c.last_name, c.full_name, c.email_address, c.phone_number,
      c.status_label_uid
    FROM contact c
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = ${gtid} AND ${visibleContacts(scope, 'c')}
    ${opts.lock ? sql`FOR UPDATE OF c` : sql``}`);
  const row = r.rows[0];
  return row
    ? {
        gtid: row.gtid,
        firstName: row.first_name,
        lastName: row.last_name,
        fullName: row.full_name,
        emailAddress: row.email_address,
        phoneNumber: row.phone_number,
        statusLabelUID: row.status_label_uid,
      }
    : null;
}
