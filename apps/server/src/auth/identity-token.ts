import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Database } from '../db/database';
import { systemScope, type TeamScope } from '../db/scope';
import { standingAndScope } from '../scope/team-scope';
import type { BetterAuth } from './auth';
import { userStanding } from './repo';

export interface Identity {
  uid: string;
  /** The better-auth session the token was minted from; the token holds only while it does. */
  sid: string;
  email: string;
  /** From the token; for display. Decisions use `isSuper`, read from the database. */
  permissions: string[];
  /** Super admin, re-checked in the database on every call. */
  isSuper: boolean;
  /** When the token expires (ms since epoch; the JWT `exp`): the realtime stream closes then. */
  expiresAt?: number;
  /**
   * With `verify(token, teamUID)`: the caller's scope in that team (null: not a member), read
   * together with their standing. requireIdentity hands it to the team route (`http/team-route.ts`).
   */
  teamScope?: { teamUID: string; scope: TeamScope | null };
}

/**
 * Verifies identity tokens locally against the JWKS (no database round trip per request). An
 * unknown key id reloads the key set once, so key rotation needs no restart.
 */
export function createTokenVerifier(auth: BetterAuth, publicUrl: string, database: Database) {
  const directory = systemScope('identity check');
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let kids = new Set<string>();
  /**
   * Tokens whose signature already checked out, until they expire. A signature check is the
   * costliest step of a small request (Ed25519), and a client sends the same token for its
   * whole 15 minutes. Only the signature is remembered: standing is still read on every call.
   */
  const verified = new Map<string, Identity>();
  const VERIFIED_MAX = 5000;

  async function load() {
    verified.clear();
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    kids = new Set(jwks.keys.map((k) => String(k.kid)));
  }

  async function verifySignature(token: string): Promise<Identity | null> {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt !== undefined && known.expiresAt > Date.now()) return known;
      verified.delete(token);
    }
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
      // A token names its session (`sid`): one without it could outlive every session.
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const identity: Identity = {
        uid: payload.sub,
        sid: payload.sid,
        email: typeof payload.email === 'string' ? payload.email : '',
        permissions: Array.isArray(payload.permissions) ? payload.permissions.map(String) : [],
        isSuper: false,
        ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
      };
      if (identity.expiresAt !== undefined) {
        // Oldest first out (a Map keeps insertion order).
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, identity);
      }
      return identity;
    } catch {
      return null;
    }
  }

  /**
   * A valid signature, a session that still exists, and a user who is not disabled: one read. With
   * `teamUID` (a team route), their scope in that team comes from the same read (`teamScope`).
   */
  return async function verify(token: string, teamUID?: string): Promise<Identity | null> {
    const identity = await verifySignature(token);
    if (!identity) return null;
    if (teamUID !== undefined) {
      const found = await standingAndScope(database, identity.uid, identity.sid, teamUID);
      if (!found || found.standing.banned) return null;
      return {
        ...identity,
        isSuper: found.standing.isSuper,
        teamScope: { teamUID, scope: found.scope },
      };
    }
    const standing = await userStanding(directory, database.db, identity.uid, identity.sid);
    if (!standing || standing.banned) return null;
    return { ...identity, isSuper: standing.isSuper };
  };
}
