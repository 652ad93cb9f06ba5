import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = new URL('..', import.meta.url);

/**
 * Builds a copy of the extension into a temp folder for `appOrigin`: Chromium matches the port of
 * an `externally_connectable` pattern, so a suite's build must carry its own server's port.
 * `speed` divides every wait of the extension (EXTENSION_SPEED): a test cannot move the service
 * worker's clock, so a send's pacing would otherwise take real minutes.
 */
export async function buildExtension(appOrigin: string, speed?: number): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'leadloom-extension-'));
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/extension/scripts/build.mjs'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        APP_ORIGIN: appOrigin,
        EXTENSION_OUT_DIR: outDir,
        ...(speed === undefined ? {} : { EXTENSION_SPEED: String(speed) }),
      },
    },
  );
  return outDir;
}
