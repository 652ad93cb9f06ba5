import { setSuperByEmail } from './auth/repo';
import { openBackend } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/database';
import { DataDirInUseError } from './db/lock';
import { systemScope } from './db/scope';
import { withTx } from './db/tx';
import { createLogger } from './logger';

/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: makes an existing account a
 * super admin, or takes that away, in DATA_DIR's embedded database or DATABASE_URL. Only someone
 * on the server can run it: nothing in Leadloom verifies e-mail addresses, so an address alone
 * (SUPER_ADMIN_EMAILS, once) must not make anyone a super admin. Super admins then grant others
 * in /admin.
 */

const USAGE = 'usage: npm run admin -- grant EMAIL | npm run admin -- revoke EMAIL';

class UsageError extends Error {}
class UnknownAccountError extends Error {}

function parse(argv: string[]): { isSuper: boolean; email: string } {
  const [command, email, ...rest] = argv;
  if (command !== 'grant' && command !== 'revoke') {
    throw new UsageError(
      command ? `unknown command "${command}"; ${USAGE}` : `a command is missing; ${USAGE}`,
    );
  }
  if (!email || rest.length > 0 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new UsageError(`"${command}" takes one e-mail address; ${USAGE}`);
  }
  return { isSuper: command === 'grant', email };
}

async function main() {
  const { isSuper, email } = parse(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const backend = await openBackend(config, logger, {
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const scope = systemScope(isSuper ? 'npm run admin grant' : 'npm run admin revoke');
    const result = await withTx(backend.database, scope, (tx) =>
      setSuperByEmail(scope, tx.db, email, isSuper),
    );
    if (!result) {
      throw new UnknownAccountError(
        `no account has the e-mail ${email}; nothing changed. ${
          isSuper ? 'They sign up first, then run this again.' : ''
        }`.trim(),
      );
    }
    const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
    process.stdout.write(
      isSuper
        ? result.changed
          ? `${result.email} is now a super admin (${where}).\n`
          : `${result.email} is already a super admin; nothing changed.\n`
        : result.changed
          ? `${result.email} is no longer a super admin (${where}).\n`
          : `${result.email} is not a super admin; nothing changed.\n`,
    );
  } finally {
    await backend.close();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof UnknownAccountError ||
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DatabaseUnavailableError;
  const text = error instanceof Error ? (known ? error.message : error.stack) : String(error);
  process.stderr.write(`leadloom admin: ${text}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
