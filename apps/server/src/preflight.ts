import { ConfigError, loadConfig } from './config';
import { assertDataDirFree, DataDirInUseError } from './db/lock';

/**
 * Runs before `npm start` builds anything: a bad setting or a data folder already in use stops
 * at once with one line, instead of after a full build.
 */
try {
  const config = loadConfig();
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`leadloom: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
