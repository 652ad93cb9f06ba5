import crypto from 'node:crypto';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import type { Services } from '../services';
import { upsertProfile } from './repo';
import { signUpWithAuth } from './sign-up';

const scope = systemScope('invited user');

/**
 * An account for someone accepting an invitation who has none yet: a random password nobody
 * knows (so the e-mail cannot be signed in to until they choose one), `passwordSet: false` (the
 * navigation guard sends them to set it, SPEC §4), and a fresh session for them. Forward
 * `headers`' Set-Cookie to the browser. An e-mail that has an account: 409 `already-exists`.
 */
export async function createInvitedUser(
  services: Services,
  { email, name }: { email: string; name: string },
): Promise<{ uid: string; headers: Headers }> {
  const password = crypto.randomBytes(32).toString('base64url');
  const displayName = name.trim() || email.split('@')[0] || email;
  const { uid, headers } = await signUpWithAuth(services, {
    name: displayName,
    email: email.trim().toLowerCase(),
    password,
  });
  await withTx(services.database, scope, (tx) =>
    upsertProfile(scope, tx.db, uid, { passwordSet: false }),
  );
  return { uid, headers };
}
