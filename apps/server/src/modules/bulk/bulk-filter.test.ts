import { BULK_MAX_CONTACTS, type SearchFilter } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { ownerWithTeam } from '../../test/team-fixtures';
import { addTag, addTagSet } from '../contact-parts/test-helpers';
import { seedSearchTeam, type SearchSeed } from '../search/search-fixtures';
import { bulkCounts, postBulk, waitForJob, type Client } from './test-helpers';

/**
 * "Select all matching" (issue 7): a bulk job by `filter` acts on exactly the contacts POST /v2
 * answers for the same `searchObj` (the search module's own SQL, through visibleContacts), less
 * `exceptGTIDs`, and refuses more than BULK_MAX_CONTACTS.
 */

let s: TestServices;
let seed: SearchSeed;
let marker: string; // a global tag the jobs put on (no filter below looks at it)

beforeAll(async () => {
  s = await startTestServices();
  seed = await seedSearchTeam(s);
  const set = await addTagSet(s, seed.teamUID, { name: 'Bulk' });
  marker = await addTag(s, seed.teamUID, set, { name: 'Touched' });
}, 120_000);
afterAll(() => s.cleanup());

async function v2Gtids(client: Client, filter: SearchFilter): Promise<string[]> {
  const res = await client.api('/v2', {
    method: 'POST',
    body: JSON.stringify({
      teamUID: seed.teamUID,
      searchObj: filter,
      paging: { size: 200 },
      options: { total: 'exact' },
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = (res.body as { data: { hits: { GTID: string }[]; total: { value: number } } }).data;
  expect(data.total.value).toBe(data.hits.length); // the whole answer is on the page
  return data.hits.map((h) => h.GTID);
}

async function jobGtids(jobUID: string): Promise<string[]> {
  const r = await s.database.db.execute<{ gtid: string }>(sql`
    SELECT gtid FROM bulk_job_item WHERE team_uid = ${seed.teamUID} AND job_uid = ${jobUID}
    ORDER BY n`);
  return r.rows.map((row) => row.gtid);
}

async function tagged(): Promise<Set<string>> {
  const r = await s.database.db.execute<{ gtid: string }>(sql`
    SELECT gtid FROM contact_tag WHERE team_uid = ${seed.teamUID} AND tag_id = ${marker}`);
  return new Set(r.rows.map((row) => row.gtid));
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe(`bulk selection by filter (${ENGINE})`, () => {
  it('acts on exactly what POST /v2 answers for the same filter, for the owner and for a member', async () => {
    const filters: SearchFilter[] = [
      {},
      { statusLabels: [seed.labels[0]!.labelUID, null] },
      { text: 'cordelia' },
      { text: 'bartholomwe' }, // a typo
      { pipelineUID: seed.pipelines[0]!.pipelineUID, tags: { any: [seed.globalTags[0]!] } },
      { hasEmail: true, sources: ['facebook'] },
      { tags: { none: [seed.globalTags[1]!] }, hasPhone: false },
    ];
    for (const [who, client] of [
      ['owner', seed.owner.client],
      ['member', seed.member],
    ] as const) {
      const jobs: string[] = [];
      for (const filter of filters) {
        const expected = await v2Gtids(client, filter);
        if (expected.length === 0) continue;
        const { jobUID, total } = await postBulk(client, seed.teamUID, {
          action: { type: 'tags-add', tagIDs: [marker] },
          filter,
        });
        const label = `${who} ${JSON.stringify(filter)}`;
        expect(total, label).toBe(expected.length);
        // Same contacts, in the order POST /v2 lists them.
        expect(await jobGtids(jobUID), label).toEqual(expected);
        jobs.push(jobUID);
      }
      for (const jobUID of jobs) await waitForJob(client, seed.teamUID, jobUID);
    }
    // The member's jobs never reach the pipeline they may not see.
    const hidden = seed.contacts.filter(
      (c) =>
        c.placements.length > 0 &&
        c.placements.every((p) => p.pipelineUID === seed.hiddenPipelineUID),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const everyone = await v2Gtids(seed.member, {});
    expect(everyone.some((g) => hidden.some((h) => h.gtid === g))).toBe(false);

    // One job run to its end: the tag is on exactly the matching contacts.
    const filter: SearchFilter = { statusLabels: [seed.labels[1]!.labelUID] };
    const expected = await v2Gtids(seed.owner.client, filter);
    await s.database.db.execute(sql`
      DELETE FROM contact_tag WHERE team_uid = ${seed.teamUID} AND tag_id = ${marker}`);
    const { jobUID } = await postBulk(seed.owner.client, seed.teamUID, {
      action: { type: 'tags-add', tagIDs: [marker] },
      filter,
    });
    const { job } = await waitForJob(seed.owner.client, seed.teamUID, jobUID);
    expect(job).toMatchObject({ state: 'done', done: expected.length, failed: 0 });
    expect(sorted([...(await tagged())])).toEqual(sorted(expected));
  });

  it('leaves out exceptGTIDs; 400 naming the field when nothing is left or nothing matches, writing nothing', async () => {
    const all = await v2Gtids(seed.owner.client, {});
    const except = [all[0]!, all[5]!, 'not-a-contact'];
    const { jobUID, total } = await postBulk(seed.owner.client, seed.teamUID, {
      action: { type: 'tags-add', tagIDs: [marker] },
      filter: {},
      exceptGTIDs: except,
    });
    expect(total).toBe(all.length - 2);
    expect(await jobGtids(jobUID)).toEqual(all.filter((g) => !except.includes(g)));

    await waitForJob(seed.owner.client, seed.teamUID, jobUID);
    const before = await bulkCounts(s, seed.teamUID);
    const post = (body: Record<string, unknown>) =>
      seed.owner.client.api(`/api/teams/${seed.teamUID}/bulk-jobs`, {
        method: 'POST',
        body: JSON.stringify({ action: { type: 'tags-add', tagIDs: [marker] }, ...body }),
      });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ filter: { text: 'zzzzqqqq' } }, 'filter', 'No contact matches this filter.'],
      [
        {
          filter: { text: 'cordelia' },
          exceptGTIDs: await v2Gtids(seed.owner.client, { text: 'cordelia' }),
        },
        'filter',
        'Every contact matching this filter is in exceptGTIDs: nothing is left to act on.',
      ],
      [
        { GTIDs: [all[0]], exceptGTIDs: [all[0]] },
        'exceptGTIDs',
        'Every selected contact is also in exceptGTIDs: nothing is left to act on.',
      ],
      [{ GTIDs: [all[0]], filter: {} }, 'GTIDs', ''],
      [{}, 'GTIDs', ''],
      [{ filter: { hasEmail: 'yes' } }, 'filter.hasEmail', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (res.body as { error: { field: string; message: string } }).error;
      expect(error.field).toBe(field);
      if (message) expect(error.message).toBe(message);
    }
    expect(await bulkCounts(s, seed.teamUID)).toEqual(before);
  });

  it(`refuses a filter matching more than ${BULK_MAX_CONTACTS} contacts, writing nothing`, async () => {
    const big = await ownerWithTeam(s, 'bulk-filter-big@example.com');
    await s.database.db.execute(sql`
      INSERT INTO contact (team_uid, gtid, full_name)
      SELECT ${big.teamUID}, 'big-' || i, 'Big ' || i
      FROM generate_series(1, ${BULK_MAX_CONTACTS + 1}) AS i`);
    const post = (body: Record<string, unknown>) =>
      big.client.api(`/api/teams/${big.teamUID}/bulk-jobs`, {
        method: 'POST',
        body: JSON.stringify({ action: { type: 'label', labelUID: null }, ...body }),
      });
    const res = await post({ filter: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        field: 'filter',
        message:
          'More than 50,000 contacts match this filter, and a bulk action takes up to 50,000: narrow the filter.',
      },
    });
    expect(await bulkCounts(s, big.teamUID)).toMatchObject({ bulk_job: 0, bulk_job_item: 0 });
    // One unticked brings it within the cap.
    const ok = await post({ filter: {}, exceptGTIDs: ['big-7'] });
    expect(ok.status).toBe(202);
    const { jobUID, total } = ok.body as { jobUID: string; total: number };
    expect(total).toBe(BULK_MAX_CONTACTS);
    expect((await waitForJob(big.client, big.teamUID, jobUID)).job).toMatchObject({
      state: 'done',
      done: BULK_MAX_CONTACTS,
    });
  }, 120_000);
});
