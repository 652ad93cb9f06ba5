import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockFile(dataDir: string): string {
  return path.join(dataDir, 'leadloom.lock');
}

function inUseMessage(dataDir: string, pid: number): string {
  return `The data folder ${path.resolve(dataDir)} is in use by another Leadloom process (pid ${pid}); stop it first or set DATA_DIR to another folder.`;
}

/** The pid of a live process holding the folder's lock, or null. Takes nothing. */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)
      ? pid
      : null;
  } catch {
    return null;
  }
}

/** Throws the one-line error when another live process holds the folder. */
export function assertDataDirFree(dataDir: string): void {
  const pid = dataDirHolder(dataDir);
  if (pid !== null) throw new DataDirInUseError(inUseMessage(dataDir, pid));
}

/**
 * Takes the data folder's lock: PGlite allows one process per folder, and a second one would
 * corrupt it. A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
        throw new DataDirInUseError(inUseMessage(dataDir, pid));
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${path.resolve(dataDir)}.`);
}
