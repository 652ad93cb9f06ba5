import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { admin, bearer, jwt, organization } from 'better-auth/plugins';
import type pg from 'pg';
import { newPushId } from '@leadloom/core';
import type { Logger } from '../logger';
import { checkedUserImage } from './user-image';

/** The identity token lives 15 minutes (DESIGN §4); the client refreshes it from the session. */
export const IDENTITY_TOKEN_TTL = '15m';

export interface AuthOptions {
  pool: pg.Pool;
  publicUrl: string;
  secret: string;
  trustedOrigins: string[];
  minPasswordLength?: number;
  /** Mails the reset link; better-auth awaits it outside any transaction of its own. */
  sendResetPassword?: (p: { email: string; name: string; token: string }) => Promise<void>;
  logger?: Logger;
}

export function createBetterAuth(opts: AuthOptions) {
  return betterAuth({
    appName: 'Leadloom',
    database: opts.pool,
    baseURL: opts.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: opts.trustedOrigins,
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: opts.minPasswordLength ?? 6,
      resetPasswordTokenExpiresIn: 3600,
      // A reset proves control of the mailbox: end every other session of the account.
      revokeSessionsOnPasswordReset: true,
      ...(opts.sendResetPassword
        ? {
            sendResetPassword: async ({ user, token }) =>
              opts.sendResetPassword!({ email: user.email, name: user.name, token }),
          }
        : {}),
    },
    // better-auth's limiter keeps its counts in memory (lost on restart, per process); sign-in and
    // reset throttling is ours, in the database (auth/throttle.ts).
    rateLimit: { enabled: false },
    ...(opts.logger ? { logger: betterAuthLogger(opts.logger) } : {}),
    session: {
      additionalFields: {
        // The web session an extension session was made from (modules/extension): signing out
        // of that web session ends the extension's too. Set by the server only, never by input.
        parentSessionId: { type: 'string', required: false, input: false },
      },
    },
    databaseHooks: {
      // A user's photo is http(s) only, whichever way better-auth comes to write it.
      user: { update: { before: async (user) => ({ data: checkedUserImage(user) }) } },
    },
    advanced: {
      // Our start-up applies better-auth's migrations before serving, so its own schema check
      // would only report the not-yet-created tables of a first run as an error.
      database: { generateId: () => newPushId(), validateSchema: false },
    },
    plugins: [
      organization(),
      bearer(),
      admin(),
      jwt({
        jwt: {
          expirationTime: IDENTITY_TOKEN_TTL,
          definePayload: ({ user, session }) => ({
            // The session the token was minted from: every check reads that it still exists,
            // so the token ends with it (sign-out, sign-out everywhere, password change, disable).
            sid: session.id,
            email: user.email,
            // SPEC §6: the admin area needs the custom permission "super". better-auth's admin
            // plugin role "admin" is our super admin; decisions re-check it in the database.
            permissions: user.role === 'admin' ? ['super'] : [],
            // For display only: authorisation always uses the route's teamUID (DESIGN §4).
            teamUID: session.activeOrganizationId ?? null,
          }),
        },
      }),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;

/** better-auth's log lines go to our logger, so LOG_LEVEL (and silent tests) apply to them. */
function betterAuthLogger(logger: Logger) {
  const child = logger.child({ component: 'better-auth' });
  return {
    log: (level: 'debug' | 'info' | 'success' | 'warn' | 'error', message: string) => {
      child[level === 'success' ? 'info' : level](message);
    },
  };
}

/** Creates or updates better-auth's own tables (global tables, before ours). */
export async function migrateAuthTables(auth: BetterAuth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}

/**
 * The auth secret: from AUTH_SECRET, else generated once and kept in the data folder so that
 * sessions survive a restart of the embedded server.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
