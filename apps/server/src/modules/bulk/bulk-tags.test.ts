import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  addTag,
  addTagSet,
  contactWorld,
  countRows,
  type ContactWorld,
} from '../contact-parts/test-helpers';
import { bulkCounts, contactFootprint, postBulk, waitForJob, type Client } from './test-helpers';

/**
 * Bulk tagging (issue 7): tags-add and tags-remove give every contact what the contact page's
 * add and remove give it (the same set-based code), list who was left out and why, and refuse
 * bad targets before writing anything.
 */

let s: TestServices;
let w: ContactWorld;
let yoga: string; // global, with a remoteID
let running: string; // global, without one
let hot: string; // P1's tag set
let cold: string; // P2's tag set (the member may not see P2)

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'bulk-tags');
  const globalSet = await addTagSet(s, w.teamUID, { name: 'Interests' });
  const p1Set = await addTagSet(s, w.teamUID, { name: 'P1 tags', pipelineUID: w.p1.pipelineUID });
  const p2Set = await addTagSet(s, w.teamUID, { name: 'P2 tags', pipelineUID: w.p2.pipelineUID });
  yoga = await addTag(s, w.teamUID, globalSet, { name: 'Yoga', remoteID: 'ac-17' });
  running = await addTag(s, w.teamUID, globalSet, { name: 'Running' });
  hot = await addTag(s, w.teamUID, p1Set, { name: 'Hot lead' });
  cold = await addTag(s, w.teamUID, p2Set, { name: 'Cold lead' });
  await addConnection(s, w.teamUID, 'activecampaign'); // mapped tags only
  await addConnection(s, w.teamUID, 'convertkit'); // every tag
});
afterAll(() => s.cleanup());

const tagsOf = async (gtid: string) =>
  (
    await s.database.pool.query<{ tag_id: string; pipeline_uid: string | null }>(
      `SELECT tag_id, pipeline_uid FROM contact_tag WHERE team_uid = $1 AND gtid = $2 ORDER BY tag_id`,
      [w.teamUID, gtid],
    )
  ).rows;

const footprint = (gtid: string) => contactFootprint(s, w.teamUID, gtid);

const member = (): Client => w.member;

describe(`bulk tags (${ENGINE})`, () => {
  it('tags-add gives each contact what the contact page’s add gives it; who could not be tagged is listed', async () => {
    const [byHand, a, b, hadYoga] = await addContacts(s, w.teamUID, 4, [w.p1]);
    const [onlyInP2] = await addContacts(s, w.teamUID, 1, [w.p2]);
    for (const tagID of [yoga, running]) {
      const res = await w.member.api(`/api/teams/${w.teamUID}/contacts/${byHand!}/tags`, {
        method: 'POST',
        body: JSON.stringify({ tagID }),
      });
      expect(res.status).toBe(201);
    }
    await w.member.api(`/api/teams/${w.teamUID}/contacts/${hadYoga!}/tags`, {
      method: 'POST',
      body: JSON.stringify({ tagID: yoga }),
    });

    const { jobUID, total } = await postBulk(member(), w.teamUID, {
      action: { type: 'tags-add', tagIDs: [yoga, running] },
      GTIDs: [a, b, hadYoga, onlyInP2, 'no-such-contact'],
    });
    expect(total).toBe(5);
    const { job } = await waitForJob(member(), w.teamUID, jobUID);
    expect(job).toMatchObject({
      state: 'done',
      done: 3,
      failed: 2,
      failures: [
        { GTID: onlyInP2, error: 'Contact not found, or not one you can see.' },
        { GTID: 'no-such-contact', error: 'Contact not found, or not one you can see.' },
      ],
    });
    for (const g of [a, b, hadYoga]) {
      expect((await tagsOf(g!)).map((t) => t.tag_id).sort()).toEqual([running, yoga].sort());
    }
    expect(await tagsOf(onlyInP2!)).toEqual([]);
    // Exactly as by hand: the same activities, sync rows, triggers and change-log records.
    const hand = await footprint(byHand!);
    expect(hand.acts).toHaveLength(2);
    expect(hand.outbox.length).toBe(2 + 1 + 2); // triggers, activecampaign (mapped), convertkit
    for (const g of [a, b]) expect(await footprint(g!)).toEqual(hand);
    // The contact that had Yoga got only Running (its Yoga activity is from the page).
    const had = await footprint(hadYoga!);
    expect(had.acts).toEqual(hand.acts);
  });

  it('tags-add with a pipeline’s tags: contacts not in that pipeline are listed, the others tagged in it', async () => {
    const [inP1] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const [unplaced] = await addContacts(s, w.teamUID, 1);
    const { jobUID } = await postBulk(w.owner.client, w.teamUID, {
      action: { type: 'tags-add', tagIDs: [hot], pipelineUID: w.p1.pipelineUID },
      GTIDs: [inP1, unplaced],
    });
    const { job } = await waitForJob(w.owner.client, w.teamUID, jobUID);
    expect(job).toMatchObject({
      done: 1,
      failed: 1,
      failures: [{ GTID: unplaced, error: 'Not in the pipeline these tags belong to.' }],
    });
    expect(await tagsOf(inP1!)).toEqual([{ tag_id: hot, pipeline_uid: w.p1.pipelineUID }]);
    expect(await tagsOf(unplaced!)).toEqual([]);
    const acts = await activitiesOf(s, w.teamUID, inP1!);
    expect(acts.map((x) => [x.type, x.action, x.pipeline_uid, x.ref_uid])).toEqual([
      ['tags', 'added', w.p1.pipelineUID, hot],
    ]);
  });

  it('tags-remove takes the tags off as the contact page does; a contact without them is done with nothing written', async () => {
    const [byHand, a, bare] = await addContacts(s, w.teamUID, 3, [w.p1]);
    for (const g of [byHand, a]) {
      for (const tagID of [yoga, running]) {
        await w.owner.client.api(`/api/teams/${w.teamUID}/contacts/${g!}/tags`, {
          method: 'POST',
          body: JSON.stringify({ tagID }),
        });
      }
    }
    for (const tagID of [yoga, running]) {
      const res = await w.owner.client.api(
        `/api/teams/${w.teamUID}/contacts/${byHand!}/tags/${tagID}`,
        { method: 'DELETE' },
      );
      expect(res.status).toBe(200);
    }
    const before = await bulkCounts(s, w.teamUID);
    const { jobUID } = await postBulk(w.owner.client, w.teamUID, {
      action: { type: 'tags-remove', tagIDs: [yoga, running], pipelineUID: null },
      GTIDs: [a, bare],
    });
    const { job } = await waitForJob(w.owner.client, w.teamUID, jobUID);
    expect(job).toMatchObject({ state: 'done', done: 2, failed: 0 });
    expect(await tagsOf(a!)).toEqual([]);
    const hand = await footprint(byHand!);
    expect(hand.acts.filter((x) => (x as string[])[1] === 'removed')).toHaveLength(2);
    const bulk = await footprint(a!);
    expect(bulk).toEqual(hand);
    expect(await activitiesOf(s, w.teamUID, bare!)).toEqual([]);
    const after = await bulkCounts(s, w.teamUID);
    expect(after.activities - before.activities).toBe(2); // a's two removals only
  });

  it('refuses unknown, invisible and misplaced tags with 404 / 400 naming the field, writing nothing', async () => {
    const [g] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const theirSet = await addTagSet(s, w.other.teamUID, { name: 'Theirs' });
    const theirs = await addTag(s, w.other.teamUID, theirSet, { name: 'Theirs' });
    const before = await bulkCounts(s, w.teamUID);
    const cases: [Client, unknown, number, string][] = [
      [w.owner.client, { type: 'tags-add', tagIDs: ['no-such-tag'] }, 404, 'action.tagIDs'],
      [w.owner.client, { type: 'tags-remove', tagIDs: [theirs] }, 404, 'action.tagIDs'],
      // P2's tags are out of the member's sight: not found, as if they did not exist.
      [
        member(),
        { type: 'tags-add', tagIDs: [cold], pipelineUID: w.p2.pipelineUID },
        404,
        'action.tagIDs',
      ],
      [
        w.owner.client,
        { type: 'tags-add', tagIDs: [yoga], pipelineUID: w.p1.pipelineUID },
        400,
        'action.pipelineUID',
      ],
      [w.owner.client, { type: 'tags-add', tagIDs: [hot] }, 400, 'action.pipelineUID'],
      [w.owner.client, { type: 'tags-add', tagIDs: [] }, 400, 'action.tagIDs'],
      [w.owner.client, { type: 'tags-remove' }, 400, 'action.tagIDs'],
    ];
    for (const [client, action, status, field] of cases) {
      const res = await client.api(`/api/teams/${w.teamUID}/bulk-jobs`, {
        method: 'POST',
        body: JSON.stringify({ action, GTIDs: [g] }),
      });
      expect(res.status, JSON.stringify(action)).toBe(status);
      expect((res.body as { error: { field: string } }).error.field).toBe(field);
    }
    expect(await bulkCounts(s, w.teamUID)).toEqual(before);
  });

  it('another team’s job and another team’s tags are not found', async () => {
    const [g] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const { jobUID } = await postBulk(w.owner.client, w.teamUID, {
      action: { type: 'tags-add', tagIDs: [running] },
      GTIDs: [g],
    });
    await waitForJob(w.owner.client, w.teamUID, jobUID);
    const stranger = w.other.client;
    expect((await stranger.api(`/api/teams/${w.teamUID}/bulk-jobs/${jobUID}`)).status).toBe(404);
    expect((await stranger.api(`/api/teams/${w.other.teamUID}/bulk-jobs/${jobUID}`)).status).toBe(
      404,
    );
    const before = await countRows(s, 'bulk_job', w.teamUID);
    const res = await stranger.api(`/api/teams/${w.teamUID}/bulk-jobs`, {
      method: 'POST',
      body: JSON.stringify({ action: { type: 'tags-add', tagIDs: [running] }, GTIDs: [g] }),
    });
    expect(res.status).toBe(404);
    expect(await countRows(s, 'bulk_job', w.teamUID)).toBe(before);
  });
});
