import { sql } from 'drizzle-orm';
import type { TestServices } from './harness';

/** Gives a contact profile links (platform → link), as the contact page would. */
export async function setProfiles(
  s: TestServices,
  teamUID: string,
  gtid: string,
  profiles: Record<string, string>,
) {
  await s.database.db.execute(sql`
    UPDATE contact SET profiles = ${JSON.stringify(profiles)}::jsonb
    WHERE team_uid = ${teamUID} AND gtid = ${gtid}`);
}

/** Leases a queue item directly (the lease route depends on the time of day: working hours). */
export async function leaseDirectly(
  s: TestServices,
  teamUID: string,
  itemUID: string,
  leaseId: string,
) {
  await s.database.db.execute(sql`
    UPDATE message_queue_item SET status = 'leased', lease_id = ${leaseId},
      lease_expires_at = now() + interval '5 minutes'
    WHERE team_uid = ${teamUID} AND item_uid = ${itemUID}`);
}
