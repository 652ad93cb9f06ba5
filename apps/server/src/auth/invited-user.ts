import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';

/**
 * Creates the account of someone accepting an invitation who has none yet, and signs them in.
 * Minimal version until the identity module's lands (same file and signature; theirs wins at
 * merge). The password is a random secret nobody knows: `password_set = false` makes the app
 * ask for a first password (SPEC §4 guard step 1).
 */
export async function createInvitedUser(
  services: Services,
  input: { email: string; name: string },
): Promise<{ uid: string; headers: Headers }> {
  const res = await services.auth.api.signUpEmail({
    body: {
      email: input.email,
      name: input.name,
      password: crypto.randomBytes(24).toString('base64url'),
    },
    asResponse: true,
  });
  if (!res.ok) throw new Error(`creating the invited user failed: ${res.status}`);
  const body = (await res.json()) as { user: { id: string } };
  await services.database.db.execute(sql`
    INSERT INTO user_profile (uid, password_set) VALUES (${body.user.id}, false)
    ON CONFLICT (uid) DO UPDATE SET password_set = false`);
  const headers = new Headers();
  for (const cookie of res.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return { uid: body.user.id, headers };
}
