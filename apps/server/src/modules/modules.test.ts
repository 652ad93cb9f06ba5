import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULES } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));
const folders = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('the module list', () => {
  it('has one manifest for each folder under modules/, named after it', () => {
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
  });

  it("mounts every router a module's routes files export", async () => {
    const listed = new Set(
      MODULES.flatMap((m) => [
        ...(m.api ?? []),
        ...(m.publicApi ?? []),
        ...(m.specPaths ?? []),
        ...(m.root ?? []),
      ]),
    );
    const unlisted: string[] = [];
    for (const folder of folders) {
      for (const file of fs.readdirSync(path.join(here, folder))) {
        if (!/(^|-)routes\.ts$/.test(file)) continue;
        const exports = (await import(path.join(here, folder, file))) as Record<string, unknown>;
        for (const [name, value] of Object.entries(exports)) {
          if (/Routes$/.test(name) && typeof value === 'function' && !listed.has(value as never)) {
            unlisted.push(`${folder}/${file}: ${name}`);
          }
        }
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('gives every queue one owner', () => {
    const queues = MODULES.flatMap((m) => m.queues ?? []);
    expect(new Set(queues).size).toBe(queues.length);
  });
});
