/** Contacts opened lately, per team, kept in localStorage for the palette's empty query. */
export interface RecentContact {
  GTID: string;
  name: string;
  email: string | null;
  photoURL: string | null;
}

export const RECENT_MAX = 8;
const key = (teamUID: string) => `leadloom:recent-contacts:${teamUID}`;

export function readRecent(teamUID: string, storage: Storage = localStorage): RecentContact[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(teamUID)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter(
            (c): c is RecentContact =>
              typeof c === 'object' && c !== null && typeof (c as RecentContact).GTID === 'string',
          )
          .slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts the contact first (once), keeping at most RECENT_MAX. */
export function rememberRecent(
  teamUID: string,
  contact: RecentContact,
  storage: Storage = localStorage,
): RecentContact[] {
  const next = [
    contact,
    ...readRecent(teamUID, storage).filter((c) => c.GTID !== contact.GTID),
  ].slice(0, RECENT_MAX);
  try {
    storage.setItem(key(teamUID), JSON.stringify(next));
  } catch {
    // Storage full or blocked: recents are a convenience.
  }
  return next;
}
