import { useEffect } from 'react';
import { rememberRecent } from './recent';

/** Records an opened contact for the palette's "Recent" list (once its data has loaded). */
export function useRememberContact(
  teamUID: string,
  contact:
    | {
        GTID: string;
        fullName: string;
        firstName: string;
        lastName: string;
        emailAddress: string | null;
        photoURL: string | null;
      }
    | undefined,
) {
  const GTID = contact?.GTID;
  const name = contact
    ? contact.fullName.trim() || `${contact.firstName} ${contact.lastName}`.trim()
    : '';
  const email = contact?.emailAddress ?? null;
  const photoURL = contact?.photoURL ?? null;
  useEffect(() => {
    if (GTID) rememberRecent(teamUID, { GTID, name: name || 'Unnamed contact', email, photoURL });
  }, [teamUID, GTID, name, email, photoURL]);
}
