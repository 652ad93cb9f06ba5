import { notFound } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import type { LeadData } from '../sync/outbox';
import { findVisibleContact, findVisibleContacts, type ContactHead } from './access.repo';

export type { ContactHead };

/**
 * The one visibility check for contact routes (DESIGN §4): another team's contact, or one only in
 * pipelines the member may not see, is "not found" (404), never "forbidden".
 */
export async function requireContact(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  opts: { lock?: boolean } = {},
): Promise<ContactHead> {
  const contact = await findVisibleContact(scope, db, gtid, opts);
  if (!contact) throw notFound('Contact not found');
  return contact;
}

/**
 * Many contacts the scope may see, by GTID, in one statement (for the sync rows of a set-based
 * change); any one it may not see answers 404.
 */
export async function requireContacts(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
): Promise<Map<string, ContactHead>> {
  const found = await findVisibleContacts(scope, db, gtids);
  if (gtids.some((g) => !found.has(g))) throw notFound('Contact not found');
  return found;
}

/**
 * Locks the contacts of `gtids` the scope may see (GTID order) and answers them by GTID; the
 * ones it may not see (or that do not exist) are left out, for the caller to report. The
 * set-based form of `requireContact(..., {lock: true})`.
 */
export const lockVisibleContacts = (scope: TeamScope, db: AppDb, gtids: readonly string[]) =>
  findVisibleContacts(scope, db, gtids, { lock: true });

/** The contact as an outside system receives it (SPEC §3 sync queue `leadData`). */
export const leadDataOf = (c: ContactHead): LeadData => ({
  GTID: c.gtid,
  firstName: c.firstName,
  lastName: c.lastName,
  fullName: c.fullName,
  emailAddress: c.emailAddress,
  phoneNumber: c.phoneNumber,
});
