import { api } from '../../lib/api';

/**
 * SPEC §4, §7: the landing event once after sign-in and the identify call once per user, both
 * to our own server (POST /api/analytics/events). "Once" is per browser tab session: the marks
 * live in sessionStorage, so re-renders, remounts and reloads of the tab do not count twice,
 * while a new tab (a new landing) does.
 */
const mark = (kind: string, uid: string) => `leadloom.analytics.${kind}.${uid}`;

/** Marks already sent by this page, for when sessionStorage is unavailable (privacy modes). */
const sentHere = new Set<string>();

function firstTime(kind: string, uid: string): boolean {
  const key = mark(kind, uid);
  if (sentHere.has(key)) return false;
  sentHere.add(key);
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // No storage: one per page load is still better than one per render.
  }
  return true;
}

function send(body: object) {
  api.post('/api/analytics/events', body).catch((error: unknown) => {
    // Analytics never get in the user's way; a lost event is only logged.
    console.error('Recording an analytics event failed', { body, error });
  });
}

export function recordLanding(uid: string, teamUID: string | null, path: string) {
  if (!firstTime('landing', uid)) return;
  send({ name: 'landing', teamUID, properties: { path } });
}

export function identifyUser(user: { uid: string; email: string; name: string }) {
  if (!firstTime('identify', user.uid)) return;
  send({ name: 'identify', properties: { email: user.email, name: user.name } });
}
