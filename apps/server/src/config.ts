import path from 'node:path';
import { z } from 'zod';
import { parsePartnerDomains } from './modules/partner/domains';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(128).default(6),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Leadloom <no-reply@localhost>'),
  SUPER_ADMIN_EMAILS: z.string().default(''),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  PARTNER_DOMAINS: z.string().default(''),
  CHANGE_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  EXTENSION_IDS: z
    .string()
    .regex(
      /^\s*([a-p]{32}\s*(,\s*[a-p]{32}\s*)*)?$/,
      'must be comma-separated Chrome extension ids (32 letters a-p)',
    )
    .default(''),
  /** The extension's Chrome Web Store page; the install page links there instead of /extension.zip. */
  EXTENSION_STORE_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Local development and tests: outgoing webhooks may reach loopback and private networks. */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false', '1', '0']).default('false'),
  /** Browser tests only (clock.ts); refused unless NODE_ENV=test. */
  LEADLOOM_TEST_CLOCK_FILE: z.string().min(1).optional(),
  /** Tests only (auth/throttle.ts); refused unless NODE_ENV=test. */
  LEADLOOM_TEST_THROTTLE_FACTOR: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset = embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** The app's own origin, for sign-in cookies and trusted origins. */
  publicUrl: string;
  /** better-auth secret; when unset, one is generated once and kept in dataDir. */
  authSecret: string | undefined;
  /** Built web app to serve; unset = apps/web/dist next to this server. */
  webDist: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  /** SPEC §5: the identity provider's password policy, default minimum length 6. */
  passwordMinLength: number;
  /** Unset = mail is only stored (super admins read it in /admin). */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /**
   * SUPER_ADMIN_EMAILS is set: it no longer makes anyone a super admin (nothing verifies an
   * address), so the server warns at start and names `npm run admin -- grant EMAIL`.
   */
  superAdminEmailsSet: boolean;
  /** Behind a proxy: take the client IP from X-Forwarded-For (else anyone could forge it). */
  trustProxy: boolean;
  /** https hosts that may get a partner single-sign-on token (v2-auth-generateCFToken). */
  partnerDomains: string[];
  /** Days the change log keeps entries for realtime resumes (DESIGN §5); older ones are trimmed. */
  changeLogRetentionDays: number;
  /**
   * Chrome extension ids, besides the one built from manifest-key.txt (e.g. the Chrome Web
   * Store's), whose pages may frame the extension's screens (/bex/..., /ext/popup).
   */
  extensionIds: string[];
  /** Where users install the extension from; unset = the server's own /extension.zip. */
  extensionStoreUrl: string | undefined;
  /**
   * Outgoing webhooks (modules/webhooks) may reach loopback, private (10/8, 172.16/12,
   * 192.168/16, fc00::/7) and shared (100.64/10) addresses: for a receiver on the developer's
   * own machine. Off by default: a webhook URL is typed by a team member, and the server must not
   * POST for them into its own network.
   */
  webhookAllowPrivateAddresses: boolean;
  /**
   * Browser tests only: a file holding an offset in ms added to the calendar clock (clock.ts).
   * Only accepted with NODE_ENV=test.
   */
  testClockFile: string | undefined;
  /**
   * Tests only: multiplies every sign-in, reset and sign-up limit (suites that sign in or up
   * many times from one address). 1 unless NODE_ENV=test.
   */
  testThrottleFactor: number;
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value is one clear line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(schema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const c = parsed.data;
  if (c.LEADLOOM_TEST_CLOCK_FILE && c.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid LEADLOOM_TEST_CLOCK_FILE=${JSON.stringify(env.LEADLOOM_TEST_CLOCK_FILE)}: it moves the server's clock for browser tests and is only accepted with NODE_ENV=test`,
    );
  }
  if (c.LEADLOOM_TEST_THROTTLE_FACTOR && c.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid LEADLOOM_TEST_THROTTLE_FACTOR=${JSON.stringify(env.LEADLOOM_TEST_THROTTLE_FACTOR)}: it raises the sign-in and sign-up limits for tests and is only accepted with NODE_ENV=test`,
    );
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    authSecret: c.AUTH_SECRET,
    webDist: c.WEB_DIST,
    nodeEnv: c.NODE_ENV,
    passwordMinLength: c.PASSWORD_MIN_LENGTH,
    smtpUrl: c.SMTP_URL,
    smtpFrom: c.SMTP_FROM,
    superAdminEmailsSet: c.SUPER_ADMIN_EMAILS.trim() !== '',
    trustProxy: c.TRUST_PROXY === 'true' || c.TRUST_PROXY === '1',
    partnerDomains: parsePartnerDomains(c.PARTNER_DOMAINS),
    changeLogRetentionDays: c.CHANGE_LOG_RETENTION_DAYS,
    extensionIds: c.EXTENSION_IDS.split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    extensionStoreUrl: c.EXTENSION_STORE_URL,
    webhookAllowPrivateAddresses:
      c.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === 'true' || c.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === '1',
    testClockFile: c.LEADLOOM_TEST_CLOCK_FILE,
    testThrottleFactor: c.LEADLOOM_TEST_THROTTLE_FACTOR ?? 1,
  };
}
