import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { zip } from './zip';

/**
 * The extension as this server hands it out (/extension.zip): built for the server's own
 * PUBLIC_URL origin, the only origin the extension then talks to, so an install works for this
 * app whatever address it runs at. The build runs the extension's own build script once per
 * process, on the first download, and the archive is kept in memory after that.
 */

const BUILD_SCRIPT = 'apps/extension/scripts/build.mjs';

/** The repository root: the server runs from apps/server/src (tests, dev) or apps/server/dist. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, BUILD_SCRIPT))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${BUILD_SCRIPT} not found above the server`);
    dir = parent;
  }
}

async function filesUnder(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(root, path.join(dir, e.name)) : [path.join(dir, e.name)],
    ),
  );
  return nested.flat().sort();
}

/** Builds the extension for `appOrigin` into a temp folder and answers it as a ZIP archive. */
export async function buildExtensionZip(appOrigin: string): Promise<Buffer> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'leadloom-extension-zip-'));
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', BUILD_SCRIPT], {
      cwd: repoRoot(),
      env: { ...process.env, APP_ORIGIN: appOrigin, EXTENSION_OUT_DIR: outDir },
    });
    const files = await filesUnder(outDir);
    return zip(
      await Promise.all(
        files.map(async (file) => ({
          name: path.relative(outDir, file).split(path.sep).join('/'),
          data: await readFile(file),
        })),
      ),
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const built = new Map<string, Promise<Buffer>>();

/**
 * One build per origin and process; concurrent first downloads share it. A failed build is
 * forgotten, so the next download tries again instead of failing until a restart.
 */
export function extensionZipFor(appOrigin: string): Promise<Buffer> {
  let pending = built.get(appOrigin);
  if (!pending) {
    pending = buildExtensionZip(appOrigin);
    built.set(appOrigin, pending);
    pending.catch(() => built.delete(appOrigin));
  }
  return pending;
}
