import { readFileSync } from 'node:fs';

/** Injected at build time by the bundler (scripts/build.mjs). */
declare const __LEADLOOM_VERSION__: string | undefined;

/**
 * The version of the build this server runs: the workspace's root package.json version, the
 * same one the web app is built with (its `__APP_VERSION__`), so the version the server
 * publishes by default is the one its own web app runs. Read from the workspace when run from
 * source (development, tests).
 */
export const BUILD_VERSION: string =
  typeof __LEADLOOM_VERSION__ === 'string'
    ? __LEADLOOM_VERSION__
    : (
        JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
          version: string;
        }
      ).version;
