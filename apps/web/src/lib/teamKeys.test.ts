import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { teamKeys } from './teamKeys';

const src = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('team query keys', () => {
  it('share one root, so a prefix refreshes all of a team, a contact or a pipeline', () => {
    const t = 'team1';
    const prefix = (key: readonly unknown[], of: readonly unknown[]) =>
      of.every((part, i) => key[i] === part);
    expect(prefix(teamKeys.contact(t, 'G1'), teamKeys.contacts(t))).toBe(true);
    expect(prefix(teamKeys.contacts(t), teamKeys.all(t))).toBe(true);
    expect(prefix(teamKeys.pipeline(t, 'P1'), teamKeys.pipelines(t))).toBe(true);
    expect(teamKeys.of(t, 'kpis', 'list')).toEqual(['teams', t, 'kpis', 'list']);
  });

  it('are built by lib/teamKeys only: no feature writes the root by hand', () => {
    const byHand = sources(src)
      .filter((path) => !path.endsWith('teamKeys.ts'))
      .filter((path) => readFileSync(path, 'utf8').includes("['teams',"))
      .map((path) => relative(src, path));
    expect(byHand).toEqual([]);
  });
});
