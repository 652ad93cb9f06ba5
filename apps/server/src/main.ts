import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { startServices } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/database';
import { DataDirInUseError } from './db/lock';
import { createApp } from './http/app';
import { createLogger } from './logger';
import { DEMO_USER } from './seed/demo-data';
import { seedDemo } from './seed/demo';

/** The web app's build, next to the server in the repository (apps/web/dist). */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/** Failures a person can fix get one clear line and a non-zero exit, not a stack trace. */
function exitWith(line: string): never {
  process.stderr.write(`leadloom: ${line}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let services;
  try {
    services = await startServices(config, logger, {
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      extraOrigins: config.nodeEnv === 'development' ? ['http://localhost:5173'] : [],
    });
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof DatabaseUnavailableError) exitWith(error.message);
    throw error;
  }
  const seeded = await seedDemo(services.database, services.auth);
  if (seeded.created) logger.info({ contacts: seeded.contacts }, 'seeded the demo team');

  const app = createApp(services, { webDist: config.webDist ?? defaultWebDist() });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    process.stdout.write(
      [
        '',
        `  Leadloom is running at ${config.publicUrl} (port ${info.port}) on ${services.database.describe}`,
        `  Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`,
        '',
      ].join('\n') + '\n',
    );
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    void services.close().finally(() => exitWith(`cannot listen on port ${config.port}: ${error.code ?? error.message}`));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    void services.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
