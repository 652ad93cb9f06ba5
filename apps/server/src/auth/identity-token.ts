import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Database } from '../db/database';
import { systemScope } from '../db/scope';
import type { BetterAuth } from './auth';
import { userStanding } from './repo';

export interface Identity {
  uid: string;
  email: string;
  /** From the token; for display. Decisions use `isSuper`, read from the database. */
  permissions: string[];
  /** Super admin, re-checked in the database on every call. */
  isSuper: boolean;
  /** When the token expires (ms since epoch; the JWT `exp`): the realtime stream closes then. */
  expiresAt?: number;
}

/**
 * Verifies identity tokens locally against the JWKS (no database round trip per request). An
 * unknown key id reloads the key set once, so key rotation needs no restart.
 */
export function createTokenVerifier(auth: BetterAuth, publicUrl: string, database: Database) {
  const directory = systemScope('identity check');
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let kids = new Set<string>();

  async function load() {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    kids = new Set(jwks.keys.map((k) => String(k.kid)));
  }

  async function verifySignature(token: string): Promise<Identity | null> {
    try {
      const [headerB64] = token.split('.');
      const header = JSON.parse(Buffer.from(headerB64 ?? '', 'base64url').toString('utf8')) as {
        kid?: string;
      };
      if (!keySet || (header.kid && !kids.has(header.kid))) await load();
      const { payload } = await jwtVerify(token, keySet!, {
        issuer: publicUrl,
        audience: publicUrl,
      });
      if (typeof payload.sub !== 'string') return null;
      return {
        uid: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : '',
        permissions: Array.isArray(payload.permissions) ? payload.permissions.map(String) : [],
        isSuper: false,
        ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
      };
    } catch {
      return null;
    }
  }

  /** A valid signature, and a user who still exists and is not disabled. */
  return async function verify(token: string): Promise<Identity | null> {
    const identity = await verifySignature(token);
    if (!identity) return null;
    const standing = await userStanding(directory, database.db, identity.uid);
    if (!standing || standing.banned) return null;
    return { ...identity, isSuper: standing.isSuper };
  };
}
