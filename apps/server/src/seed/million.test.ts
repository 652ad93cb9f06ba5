import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { seedDemo } from './demo';
import { seedMillion, zipfSizes } from './million';

/** The search benchmark's dataset (issue 7): copies of the demo team, Zipf-sized. */

let s: TestServices;
let source: string;
let copied: Awaited<ReturnType<typeof seedMillion>>;

beforeAll(async () => {
  s = await startTestServices();
  source = (await seedDemo(s.database, s.auth, { contacts: 60 })).teamUID!;
  copied = await seedMillion(s.database, source, 60, {
    fullTeams: 3,
    zipfContacts: 100,
    zipfTeams: 6,
  });
});
afterAll(() => s.cleanup());

const rows = async (query: ReturnType<typeof sql>) =>
  (await s.database.db.execute<{ team_uid: string; n: string }>(query)).rows;

describe(`million seed (${ENGINE})`, () => {
  it('sizes teams by Zipf, none above the cap, summing to the total', () => {
    const sizes = zipfSizes(600_000, 990, 40_000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(600_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(40_000);
    expect(sizes[0]!).toBeGreaterThan(sizes[9]!);
    expect(sizes[9]!).toBeGreaterThan(sizes[989]!);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });

  it('copies the team with its contacts, placements, activities and tags, sized as asked', async () => {
    expect(copied.teams).toHaveLength(2 + 6);
    expect(copied.contacts).toBe(2 * 60 + 100);
    const contacts = await rows(sql`SELECT team_uid, count(*) n FROM contact
      WHERE team_uid = ANY(${sql.param(copied.teams)}::text[]) GROUP BY team_uid`);
    const byTeam = new Map(contacts.map((r) => [r.team_uid, Number(r.n)]));
    expect(byTeam.get(copied.teams[0]!)).toBe(60);
    expect(byTeam.get(copied.teams[1]!)).toBe(60);
    const zipf = copied.teams.slice(2).map((t) => byTeam.get(t) ?? 0);
    expect(zipf.reduce((a, b) => a + b, 0)).toBe(100);
    expect(zipf[0]!).toBeGreaterThan(zipf[5]!);
    // Every copied contact is placed, has its activities and keeps its tags, as in the source.
    const per = async (table: string, team: string) =>
      Number(
        (
          await rows(
            sql`SELECT ${team} AS team_uid, count(*) n FROM ${sql.raw(table)} WHERE team_uid = ${team}`,
          )
        )[0]!.n,
      );
    for (const table of ['contact_pipeline', 'activity', 'contact_tag', 'pipeline', 'stage']) {
      expect(await per(table, copied.teams[0]!), table).toBe(await per(table, source));
    }
  });

  it('leaves every foreign key intact', async () => {
    const broken = await rows(sql`SELECT cp.team_uid, count(*) n FROM contact_pipeline cp
      WHERE cp.team_uid = ANY(${sql.param(copied.teams)}::text[])
        AND NOT EXISTS (SELECT 1 FROM stage st
          WHERE st.team_uid = cp.team_uid AND st.stage_uid = cp.stage_uid)
      GROUP BY cp.team_uid`);
    expect(broken).toEqual([]);
  });
});
