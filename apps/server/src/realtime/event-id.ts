/**
 * The stream's event id (DESIGN §7): a compact, URL-safe map of team → last seq delivered,
 * `teamUID:seq,teamUID:seq` (teams sorted, seq in decimal). One `Last-Event-ID` resumes every
 * team of the stream. Team ids are push ids (letters, digits, `-`, `_`), so `:` and `,` never
 * occur in them.
 */

const TEAM = /^[A-Za-z0-9_-]{1,64}$/;
const ENTRY = /^([A-Za-z0-9_-]{1,64}):(\d{1,15})$/;
export const MAX_EVENT_ID_LENGTH = 4000;

export const isTeamUID = (s: string) => TEAM.test(s);

export function encodeEventId(cursors: ReadonlyMap<string, number>): string {
  return [...cursors.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([team, seq]) => `${team}:${seq}`)
    .join(',');
}

/** The map of an event id; null when it is not one (the caller answers 400). */
export function decodeEventId(text: string): Map<string, number> | null {
  const out = new Map<string, number>();
  const trimmed = text.trim();
  if (trimmed === '') return out;
  if (trimmed.length > MAX_EVENT_ID_LENGTH) return null;
  for (const part of trimmed.split(',')) {
    const m = ENTRY.exec(part);
    if (!m) return null;
    out.set(m[1]!, Number(m[2]));
  }
  return out;
}
