import { newPushId } from '@leadloom/core';
import type { Database } from '../db/database';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import { skipForeignKeyTriggers } from './demo.repo';
import { cloneTeam, vacuumCloned } from './million.repo';

const scope = systemScope('million seed');

/** The issue 7 search dataset beyond the demo team: 9 more teams this size... */
export const FULL_TEAMS = 10;
/** ...and this many contacts spread Zipf (s = 1) over ZIPF_TEAMS teams. */
export const ZIPF_CONTACTS = 600_000;
export const ZIPF_TEAMS = 990;

/**
 * Team sizes for `total` contacts over `teams` teams by Zipf's law (size ∝ 1/rank), none above
 * `cap` (the team copied from has no more): the scale is found by bisection, the rounding rest
 * goes to the smallest teams. Sums to exactly `total` (when teams × cap allows it).
 */
export function zipfSizes(total: number, teams: number, cap: number): number[] {
  const sizesFor = (c: number) =>
    Array.from({ length: teams }, (_, i) => Math.min(cap, Math.max(1, Math.floor(c / (i + 1)))));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  let lo = 0;
  let hi = total;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (sum(sizesFor(mid)) <= total) lo = mid;
    else hi = mid;
  }
  const sizes = sizesFor(lo);
  let rest = total - sum(sizes);
  for (let i = teams - 1; rest > 0; i = i === 0 ? teams - 1 : i - 1) {
    if (sizes[i]! < cap) {
      sizes[i]! += 1;
      rest -= 1;
    }
  }
  return sizes;
}

/**
 * Grows a seeded database to the search benchmark's 1,000,000 contacts (issue 7): the demo team
 * (`sourceTeamUID`, already seeded with `perTeam` contacts) is copied into FULL_TEAMS − 1 teams
 * of the same size and into ZIPF_TEAMS smaller ones holding ZIPF_CONTACTS in all, each with its
 * pipelines, stages, tags, labels, placements, activities, tags and deals (not its answers,
 * notes, stage history or change log: search never reads them). Set-based, one transaction,
 * then VACUUM ANALYZE;
 * nobody is a member of the copies. Returns the contact count added and ms per table.
 */
export async function seedMillion(
  database: Database,
  sourceTeamUID: string,
  perTeam: number,
  /** Smaller shapes for tests. */
  shape: { fullTeams: number; zipfContacts: number; zipfTeams: number } = {
    fullTeams: FULL_TEAMS,
    zipfContacts: ZIPF_CONTACTS,
    zipfTeams: ZIPF_TEAMS,
  },
): Promise<{ contacts: number; timings: Record<string, number>; teams: string[] }> {
  const targets = [
    ...Array.from({ length: shape.fullTeams - 1 }, () => perTeam),
    ...zipfSizes(shape.zipfContacts, shape.zipfTeams, perTeam),
  ].map((contacts) => ({ teamUID: newPushId(), contacts }));
  const timings = await withTx(database, scope, async (tx) => {
    await skipForeignKeyTriggers(tx);
    return cloneTeam(tx, sourceTeamUID, targets);
  });
  const started = performance.now();
  await vacuumCloned(database);
  timings.vacuum = performance.now() - started;
  return {
    contacts: targets.reduce((a, t) => a + t.contacts, 0),
    timings,
    teams: targets.map((t) => t.teamUID),
  };
}
