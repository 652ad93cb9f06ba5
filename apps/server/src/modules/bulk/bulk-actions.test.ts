import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addStage } from '../../test/contact-fixtures';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  addLabel,
  contactWorld,
  type ContactWorld,
} from '../contact-parts/test-helpers';
import { bulkCounts, contactFootprint, postBulk, waitForJob, type Client } from './test-helpers';

/**
 * Bulk label, add-to-pipeline and delete (issue 7): each contact gets what the contact page's
 * own action gives it (the same set-based code), failures are listed per contact, and bad
 * targets are refused before anything is written.
 */

let s: TestServices;
let w: ContactWorld;
let hot: string;
let cold: string;
let p1Second: string; // a second stage of P1

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'bulk-actions');
  hot = await addLabel(s, w.teamUID, 'Hot', '#f00');
  cold = await addLabel(s, w.teamUID, 'Cold', '#00f');
  p1Second = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Proposal', 1);
  await addConnection(s, w.teamUID, 'webhooks');
});
afterAll(() => s.cleanup());

const footprint = (gtid: string) => contactFootprint(s, w.teamUID, gtid);
const member = (): Client => w.member;
const owner = (): Client => w.owner.client;

async function labelOf(gtid: string) {
  const r = await s.database.pool.query<{ status_label_uid: string | null }>(
    `SELECT status_label_uid FROM contact WHERE team_uid = $1 AND gtid = $2`,
    [w.teamUID, gtid],
  );
  return r.rows[0]?.status_label_uid;
}

async function placements(gtid: string) {
  const r = await s.database.pool.query<{ pipeline_uid: string; stage_uid: string }>(
    `SELECT pipeline_uid, stage_uid FROM contact_pipeline WHERE team_uid = $1 AND gtid = $2
     ORDER BY pipeline_uid`,
    [w.teamUID, gtid],
  );
  return r.rows;
}

describe(`bulk label, add to pipeline, delete (${ENGINE})`, () => {
  it('label: each contact as if labelled by hand; one that has it already gets nothing; invisible ones listed', async () => {
    const [byHand, a, already] = await addContacts(s, w.teamUID, 3, [w.p1]);
    const [onlyInP2] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const put = (gtid: string, labelUID: string | null) =>
      w.member.api(`/api/teams/${w.teamUID}/contacts/${gtid}/status-label`, {
        method: 'PUT',
        body: JSON.stringify({ labelUID }),
      });
    for (const g of [byHand, a, already]) expect((await put(g!, cold)).status).toBe(200);
    expect((await put(byHand!, hot)).status).toBe(200);
    expect((await put(already!, hot)).status).toBe(200);
    const alreadyBefore = await footprint(already!);

    const { jobUID } = await postBulk(member(), w.teamUID, {
      action: { type: 'label', labelUID: hot },
      GTIDs: [a, already, onlyInP2],
    });
    const { job } = await waitForJob(member(), w.teamUID, jobUID);
    expect(job).toMatchObject({
      state: 'done',
      done: 2,
      failed: 1,
      failures: [{ GTID: onlyInP2, error: 'Contact not found, or not one you can see.' }],
    });
    expect(await labelOf(a!)).toBe(hot);
    expect(await labelOf(onlyInP2!)).toBeNull();
    expect(await footprint(a!)).toEqual(await footprint(byHand!));
    expect(await footprint(already!)).toEqual(alreadyBefore);

    // null clears it, as the page's PUT with null does.
    const cleared = await postBulk(member(), w.teamUID, {
      action: { type: 'label', labelUID: null },
      GTIDs: [a],
    });
    expect((await waitForJob(member(), w.teamUID, cleared.jobUID)).job.done).toBe(1);
    expect(await labelOf(a!)).toBeNull();
    const acts = await activitiesOf(s, w.teamUID, a!);
    expect(acts.at(-1)).toMatchObject({
      type: 'statusLabel',
      action: 'cleared',
      data: { from: hot, to: null, fromDisplay: 'Hot', toDisplay: null },
    });
  });

  it('add-to-pipeline: new ones placed first in the stage as by hand, ones in it already moved to the stage', async () => {
    const [byHand, a, b] = await addContacts(s, w.teamUID, 3, [w.p2]);
    const [inP1] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const res = await w.owner.client.api(`/api/teams/${w.teamUID}/contacts/${byHand!}/pipelines`, {
      method: 'POST',
      body: JSON.stringify({ pipelineUID: w.p1.pipelineUID, stageUID: p1Second }),
    });
    expect(res.status).toBe(201);
    const { jobUID } = await postBulk(owner(), w.teamUID, {
      action: { type: 'add-to-pipeline', pipelineUID: w.p1.pipelineUID, stageUID: p1Second },
      GTIDs: [a, b, inP1, 'no-such-contact'],
    });
    const { job } = await waitForJob(owner(), w.teamUID, jobUID);
    expect(job).toMatchObject({
      state: 'done',
      done: 3,
      failed: 1,
      failures: [{ GTID: 'no-such-contact', error: 'Contact not found, or not one you can see.' }],
    });
    for (const g of [a, b]) {
      expect(await placements(g!)).toEqual(
        [
          { pipeline_uid: w.p1.pipelineUID, stage_uid: p1Second },
          { pipeline_uid: w.p2.pipelineUID, stage_uid: w.p2.stageUID },
        ].sort((x, y) => (x.pipeline_uid < y.pipeline_uid ? -1 : 1)),
      );
      expect(await footprint(g!)).toEqual(await footprint(byHand!));
    }
    // Placed first in the stage in the order selected, before the one added by hand; the one
    // moved in from another stage goes last.
    const order = await s.database.pool.query<{ gtid: string }>(
      `SELECT gtid FROM contact_pipeline WHERE team_uid = $1 AND pipeline_uid = $2
         AND stage_uid = $3 ORDER BY position COLLATE "C"`,
      [w.teamUID, w.p1.pipelineUID, p1Second],
    );
    expect(order.rows.map((r) => r.gtid)).toEqual([a, b, byHand, inP1]);
    // Already in P1: moved to the stage, as a drag would (one stage activity).
    expect(
      (await activitiesOf(s, w.teamUID, inP1!)).map((x) => [x.type, x.action, x.stage_uid]),
    ).toEqual([['stage', 'changed', p1Second]]);
  });

  it('delete: owners and admins only; each contact goes with everything of it and a change record', async () => {
    const gtids = await addContacts(s, w.teamUID, 3, [w.p1]);
    const before = await bulkCounts(s, w.teamUID);
    const refused = await w.member.api(`/api/teams/${w.teamUID}/bulk-jobs`, {
      method: 'POST',
      body: JSON.stringify({ action: { type: 'delete' }, GTIDs: gtids }),
    });
    expect(refused.status).toBe(403);
    expect(await bulkCounts(s, w.teamUID)).toEqual(before);

    const { jobUID } = await postBulk(owner(), w.teamUID, {
      action: { type: 'delete' },
      GTIDs: [...gtids, 'no-such-contact'],
    });
    const { job } = await waitForJob(owner(), w.teamUID, jobUID);
    expect(job).toMatchObject({ state: 'done', done: 3, failed: 1 });
    for (const g of gtids) {
      expect(await labelOf(g)).toBeUndefined();
      expect(await placements(g)).toEqual([]);
      // The contact's delete, and its placement's (what a member with limited pipelines gets).
      expect(await footprint(g)).toMatchObject({
        log: [
          ['contact', 'delete', 'GTID'],
          ['contactPipeline', 'delete', `GTID/${w.p1.pipelineUID}`],
        ],
      });
    }
  });

  it('refuses invisible or unknown targets with 404 naming the field, writing nothing', async () => {
    const [g] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const theirs = await addLabel(s, w.other.teamUID, 'Theirs');
    const before = await bulkCounts(s, w.teamUID);
    const cases: [Client, unknown, number, string][] = [
      [owner(), { type: 'label', labelUID: 'no-such-label' }, 404, 'action.labelUID'],
      [owner(), { type: 'label', labelUID: theirs }, 404, 'action.labelUID'],
      [owner(), { type: 'label' }, 400, 'action.labelUID'],
      [
        member(),
        { type: 'add-to-pipeline', pipelineUID: w.p2.pipelineUID, stageUID: w.p2.stageUID },
        404,
        'action.pipelineUID',
      ],
      [
        owner(),
        { type: 'add-to-pipeline', pipelineUID: w.p1.pipelineUID, stageUID: w.p2.stageUID },
        404,
        'action.stageUID',
      ],
      [owner(), { type: 'add-to-pipeline', pipelineUID: w.p1.pipelineUID }, 400, 'action.stageUID'],
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
});
