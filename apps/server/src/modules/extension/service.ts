import { DomainError } from '@leadloom/core';
import crypto from 'node:crypto';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import {
  consumeLoginToken,
  deleteExtensionSession,
  deleteExtensionSessionsOf,
  deleteStaleLoginTokens,
  insertLoginToken,
  webSessionExists,
} from './repo';

/**
 * The extension's own session (DESIGN §4): the signed-in app asks for a one-time token, hands it
 * to the extension with `log_in`, and the extension's background exchanges it here for a
 * better-auth session it keeps. The extension never sees the app's cookie or password.
 */

/** Long enough for the message round trip and one retry; short so a leaked token is worthless. */
export const LOGIN_TOKEN_TTL_MS = 2 * 60 * 1000;

export const EXTENSION_SESSION_EXCHANGE_FAILED =
  'This extension sign-in link is invalid or expired.';

const scope = systemScope('extension session');

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The token carries the web session it was issued to after a dot. The stored hash covers the
 * whole token, so that part cannot be changed without the token becoming unknown.
 */
const SESSION_SEPARATOR = '.';

export async function issueLoginToken(
  services: Services,
  uid: string,
  webSessionId: string,
  now = new Date(),
): Promise<{ token: string; uid: string }> {
  const token = `${crypto.randomBytes(32).toString('base64url')}${SESSION_SEPARATOR}${webSessionId}`;
  await withTx(services.database, scope, async (tx) => {
    await deleteStaleLoginTokens(scope, tx.db);
    await insertLoginToken(scope, tx.db, {
      tokenHash: hashToken(token),
      uid,
      expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MS),
    });
  });
  return { token, uid };
}

/**
 * Consumes the token and opens a better-auth session for its user. The answer is the session
 * token, which better-auth's bearer plugin accepts as `Authorization: Bearer <sessionToken>`.
 */
export async function exchangeLoginToken(
  services: Services,
  token: string,
): Promise<{ sessionToken: string; uid: string }> {
  const uid = await withTx(services.database, scope, async (tx) =>
    consumeLoginToken(scope, tx.db, hashToken(token)),
  );
  if (!uid) throw new DomainError('unauthenticated', EXTENSION_SESSION_EXCHANGE_FAILED);
  const webSessionId = token.slice(token.lastIndexOf(SESSION_SEPARATOR) + 1);
  // A web session signed out since the token was issued hands nothing on.
  const live = await webSessionExists(scope, services.database.db, uid, webSessionId);
  if (!live) throw new DomainError('unauthenticated', EXTENSION_SESSION_EXCHANGE_FAILED);
  const context = await services.auth.$context;
  // Runs better-auth's own session hooks (the admin plugin refuses banned users there).
  const session = await context.internalAdapter
    .createSession(uid, false, { userAgent: 'Leadloom extension', parentSessionId: webSessionId })
    .catch(() => null);
  if (!session) throw new DomainError('unauthenticated', EXTENSION_SESSION_EXCHANGE_FAILED);
  return { sessionToken: session.token, uid };
}

/** The web session `sessionId` signed out: the extension sessions made from it end too. */
export async function endExtensionSessionsOf(services: Services, sessionId: string): Promise<void> {
  await deleteExtensionSessionsOf(scope, services.database.db, sessionId);
}

/** The extension signs itself out (its popup, or the app's log_out) with its own session token. */
export async function endExtensionSession(services: Services, sessionToken: string): Promise<void> {
  await deleteExtensionSession(scope, services.database.db, sessionToken);
}
