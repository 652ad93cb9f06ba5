import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts, addPipeline } from '../../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  addTag,
  addTagSet,
  changeLogOf,
  contactWorld,
  countRows,
  outboxOf,
  type ContactWorld,
  type OutboxRecord,
} from '../contact-parts/test-helpers';

let s: TestServices;
let w: ContactWorld;
let globalSet: string;
let p1Set: string;
let p2Set: string;
let mapped: string; // global tag with a remoteID
let unmapped: string; // global tag without one
let p1Tag: string;
let p2Tag: string;
let sequence = 0;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'ctags');
  globalSet = await addTagSet(s, w.teamUID, { name: 'Interests' });
  p1Set = await addTagSet(s, w.teamUID, { name: 'P1 tags', pipelineUID: w.p1.pipelineUID });
  p2Set = await addTagSet(s, w.teamUID, { name: 'P2 tags', pipelineUID: w.p2.pipelineUID });
  mapped = await addTag(s, w.teamUID, globalSet, {
    name: 'Yoga',
    remoteID: 'ac-17',
    color: '#0a0',
  });
  unmapped = await addTag(s, w.teamUID, globalSet, { name: 'Running' });
  p1Tag = await addTag(s, w.teamUID, p1Set, { name: 'Hot lead' });
  p2Tag = await addTag(s, w.teamUID, p2Set, { name: 'Cold lead' });
  // activecampaign takes only mapped tags, convertkit all, a paused webhooks none.
  await addConnection(s, w.teamUID, 'activecampaign');
  await addConnection(s, w.teamUID, 'convertkit');
  await addConnection(s, w.teamUID, 'webhooks', { isPaused: true });
});
afterAll(() => s.cleanup());

const tagsPath = (gtid: string, teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/tags`;

async function counts() {
  return {
    contactTags: await countRows(s, 'contact_tag', w.teamUID),
    activities: await countRows(s, 'activity', w.teamUID),
    outbox: await countRows(s, 'outbox', w.teamUID),
    changes: await countRows(s, 'change_log', w.teamUID),
  };
}

/** Outbox rows written by `fn`. */
async function outboxDuring(fn: () => Promise<unknown>): Promise<OutboxRecord[]> {
  const before = (await outboxOf(s, w.teamUID)).length;
  await fn();
  return (await outboxOf(s, w.teamUID)).slice(before);
}

async function contactTagRows(gtid: string) {
  const r = await s.database.pool.query(
    `SELECT pipeline_uid, tag_set_uid, tag_id, name FROM contact_tag
     WHERE team_uid = $1 AND gtid = $2 ORDER BY name`,
    [w.teamUID, gtid],
  );
  return r.rows;
}

describe(`tags on a contact (${ENGINE})`, () => {
  it('adds a global tag: the row, its activity, sync rows by the tag rule and a workflow trigger', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    let res: Awaited<ReturnType<typeof w.owner.client.api>> | undefined;
    const rows = await outboxDuring(async () => {
      res = await w.owner.client.api(tagsPath(gtid!), {
        method: 'POST',
        headers: { 'x-change-id': `chg-tag-${++sequence}` },
        body: JSON.stringify({ tagID: mapped }),
      });
    });
    expect(res!.status, JSON.stringify(res!.body)).toBe(201);
    expect(res!.body!.tag).toEqual({
      tagID: mapped,
      tagSetUID: globalSet,
      pipelineUID: null,
      name: 'Yoga',
      color: '#0a0',
      orphaned: false,
    });
    expect(await contactTagRows(gtid!)).toEqual([
      { pipeline_uid: null, tag_set_uid: globalSet, tag_id: mapped, name: 'Yoga' },
    ]);
    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({
      type: 'tags',
      action: 'added',
      pipeline_uid: null,
      data: { tagID: mapped, name: 'Yoga', tagSetUID: globalSet },
    });
    const syncs = rows.filter((r) => r.kind === 'sync');
    expect(syncs.map((r) => r.payload.integration).sort()).toEqual([
      'activecampaign',
      'convertkit',
    ]);
    for (const r of syncs) {
      expect(r.payload).toMatchObject({
        change: 'tags',
        leadData: { GTID: gtid },
        changeData: {
          action: 'added',
          tags: [{ tagID: mapped, tagSetUID: globalSet, remoteID: 'ac-17', name: 'Yoga' }],
        },
      });
    }
    const triggers = rows.filter((r) => r.kind === 'workflow-trigger');
    expect(triggers.map((r) => r.payload)).toEqual([
      {
        trigger: 'tagAdded',
        GTID: gtid,
        pipelineUID: null,
        byUID: w.owner.uid,
        data: { tagID: mapped, name: 'Yoga', tagSetUID: globalSet },
      },
    ]);
    const log = (await changeLogOf(s, w.teamUID)).filter(
      (l) => l.change_id === `chg-tag-${sequence}`,
    );
    expect(log.map((l) => [l.resource, l.op]).sort()).toEqual([
      ['activity', 'insert'],
      ['contactTag', 'insert'],
    ]);
  });

  it('sends a tag without a remoteID only to the systems that take every tag', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const rows = await outboxDuring(() =>
      w.owner.client.api(tagsPath(gtid!), {
        method: 'POST',
        body: JSON.stringify({ tagID: unmapped }),
      }),
    );
    expect(rows.filter((r) => r.kind === 'sync').map((r) => r.payload.integration)).toEqual([
      'convertkit',
    ]);
  });

  it('answers 200 and writes nothing when the contact has the tag already', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const first = await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: unmapped }),
    });
    expect(first.status).toBe(201);
    const before = await counts();
    const again = await w.member.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: unmapped, pipelineUID: null }),
    });
    expect(again.status).toBe(200);
    expect(again.body!.tag).toMatchObject({ tagID: unmapped, pipelineUID: null });
    expect(await counts()).toEqual(before);
  });

  it('puts a pipeline tag in its pipeline, only for a contact in it', async () => {
    const [inP1] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const [unplaced] = await addContacts(s, w.teamUID, 1);
    const res = await w.owner.client.api(tagsPath(inP1!), {
      method: 'POST',
      body: JSON.stringify({ tagID: p1Tag, pipelineUID: w.p1.pipelineUID }),
    });
    expect(res.status).toBe(201);
    expect(res.body!.tag).toMatchObject({ pipelineUID: w.p1.pipelineUID, tagSetUID: p1Set });
    expect(await contactTagRows(inP1!)).toEqual([
      { pipeline_uid: w.p1.pipelineUID, tag_set_uid: p1Set, tag_id: p1Tag, name: 'Hot lead' },
    ]);
    const acts = await activitiesOf(s, w.teamUID, inP1!);
    expect(acts[0]).toMatchObject({
      type: 'tags',
      action: 'added',
      pipeline_uid: w.p1.pipelineUID,
    });

    const before = await counts();
    const notIn = await w.owner.client.api(tagsPath(unplaced!), {
      method: 'POST',
      body: JSON.stringify({ tagID: p1Tag }),
    });
    expect(notIn.status).toBe(404);
    expect(notIn.body!.error).toMatchObject({ status: 'not-found', field: 'pipelineUID' });
    const wrongPipeline = await w.owner.client.api(tagsPath(inP1!), {
      method: 'POST',
      body: JSON.stringify({ tagID: p1Tag, pipelineUID: w.p2.pipelineUID }),
    });
    expect(wrongPipeline.status).toBe(400);
    expect(wrongPipeline.body!.error).toMatchObject({ field: 'pipelineUID' });
    const globalInPipeline = await w.owner.client.api(tagsPath(inP1!), {
      method: 'POST',
      body: JSON.stringify({ tagID: mapped, pipelineUID: w.p1.pipelineUID }),
    });
    expect(globalInPipeline.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('removes a tag with its activity, sync rows and a tagRemoved trigger', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: mapped }),
    });
    await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: p1Tag }),
    });
    let res: Awaited<ReturnType<typeof w.owner.client.api>> | undefined;
    const rows = await outboxDuring(async () => {
      res = await w.member.api(`${tagsPath(gtid!)}/${p1Tag}?pipelineUID=${w.p1.pipelineUID}`, {
        method: 'DELETE',
      });
    });
    expect(res).toEqual({ status: 200, body: { removed: true } });
    expect((await contactTagRows(gtid!)).map((r) => r.tag_id)).toEqual([mapped]);
    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts[acts.length - 1]).toMatchObject({
      type: 'tags',
      action: 'removed',
      pipeline_uid: w.p1.pipelineUID,
      created_by_uid: w.memberUID,
      data: { tagID: p1Tag, name: 'Hot lead', tagSetUID: p1Set },
    });
    expect(rows.filter((r) => r.kind === 'sync').map((r) => r.payload.integration)).toEqual([
      'convertkit',
    ]);
    expect(rows.filter((r) => r.kind === 'workflow-trigger').map((r) => r.payload)).toEqual([
      {
        trigger: 'tagRemoved',
        GTID: gtid,
        pipelineUID: w.p1.pipelineUID,
        byUID: w.memberUID,
        data: { tagID: p1Tag, name: 'Hot lead', tagSetUID: p1Set },
      },
    ]);

    // A global tag goes without pipelineUID; a tag the contact no longer has is 404.
    const global = await w.owner.client.api(`${tagsPath(gtid!)}/${mapped}`, { method: 'DELETE' });
    expect(global.status).toBe(200);
    const before = await counts();
    const gone = await w.owner.client.api(`${tagsPath(gtid!)}/${mapped}`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('removes an orphaned tag (no longer in any tag set)', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const doomed = await addTag(s, w.teamUID, globalSet, { name: 'Doomed', remoteID: 'ac-99' });
    await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: doomed }),
    });
    await s.database.pool.query(`DELETE FROM tag WHERE team_uid = $1 AND tag_id = $2`, [
      w.teamUID,
      doomed,
    ]);
    const res = await w.owner.client.api(`${tagsPath(gtid!)}/${doomed}?pipelineUID=global`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(await contactTagRows(gtid!)).toEqual([]);
    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts[acts.length - 1]).toMatchObject({
      action: 'removed',
      data: { tagID: doomed, name: 'Doomed', tagSetUID: globalSet },
    });
  });

  it('answers 400 naming the field for bad input, 404 for unknown tags, writing nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const before = await counts();
    for (const [body, field] of [
      [{}, 'tagID'],
      [{ tagID: '' }, 'tagID'],
      [{ tagID: 12 }, 'tagID'],
      [{ tagID: mapped, pipelineUID: 5 }, 'pipelineUID'],
    ] as const) {
      const res = await w.owner.client.api(tagsPath(gtid!), {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.error).toMatchObject({ status: 'invalid-argument', field });
    }
    const unknown = await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: 'no-such-tag' }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body!.error).toMatchObject({ field: 'tagID' });
    expect(await counts()).toEqual(before);
  });

  it('keeps pipelines a member may not see out of reach', async () => {
    const [inBoth] = await addContacts(s, w.teamUID, 1, [w.p1, w.p2]);
    const [onlyP2] = await addContacts(s, w.teamUID, 1, [w.p2]);
    await w.owner.client.api(tagsPath(inBoth!), {
      method: 'POST',
      body: JSON.stringify({ tagID: p2Tag }),
    });
    const before = await counts();
    // A P2 tag set is invisible to the member: its tag is "not found".
    const add = await w.member.api(tagsPath(inBoth!), {
      method: 'POST',
      body: JSON.stringify({ tagID: p2Tag }),
    });
    expect(add.status).toBe(404);
    const remove = await w.member.api(
      `${tagsPath(inBoth!)}/${p2Tag}?pipelineUID=${w.p2.pipelineUID}`,
      {
        method: 'DELETE',
      },
    );
    expect(remove.status).toBe(404);
    const onlyInP2 = await w.member.api(tagsPath(onlyP2!), {
      method: 'POST',
      body: JSON.stringify({ tagID: mapped }),
    });
    expect(onlyInP2.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answers 404 across teams and writes nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: mapped }),
    });
    const before = await counts();
    const other = w.other.client;
    const otherPipeline = await addPipeline(s, w.other.teamUID);
    const [otherContact] = await addContacts(s, w.other.teamUID, 1, [otherPipeline]);
    for (const [path, init] of [
      [tagsPath(gtid!), { method: 'POST', body: JSON.stringify({ tagID: mapped }) }],
      [
        tagsPath(gtid!, w.other.teamUID),
        { method: 'POST', body: JSON.stringify({ tagID: mapped }) },
      ],
      // team B's own contact with team A's tag
      [
        tagsPath(otherContact!, w.other.teamUID),
        { method: 'POST', body: JSON.stringify({ tagID: mapped }) },
      ],
      [`${tagsPath(gtid!)}/${mapped}`, { method: 'DELETE' }],
      [`${tagsPath(gtid!, w.other.teamUID)}/${mapped}`, { method: 'DELETE' }],
    ] as const) {
      const res = await other.api(path, init);
      expect(res.status, path).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });
  it('leaves nothing behind when the action fails half-way (the outbox write fails)', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await s.database.pool.query(`
      CREATE FUNCTION fail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced outbox failure'; END $$`);
    await s.database.pool.query(
      `CREATE TRIGGER fail_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION fail_outbox()`,
    );
    try {
      const before = await counts();
      const res = await w.owner.client.api(tagsPath(gtid!), {
        method: 'POST',
        body: JSON.stringify({ tagID: mapped }),
      });
      expect(res.status).toBe(500);
      expect(await contactTagRows(gtid!)).toEqual([]);
      expect(await activitiesOf(s, w.teamUID, gtid!)).toEqual([]);
      expect(await counts()).toEqual(before);
    } finally {
      await s.database.pool.query(`DROP TRIGGER fail_outbox ON outbox`);
      await s.database.pool.query(`DROP FUNCTION fail_outbox()`);
    }
    const retry = await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ tagID: mapped }),
    });
    expect(retry.status).toBe(201);
  });

  it('answers 400 for an x-change-id longer than 200 characters, writing nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const before = await counts();
    const res = await w.owner.client.api(tagsPath(gtid!), {
      method: 'POST',
      headers: { 'x-change-id': 'x'.repeat(201) },
      body: JSON.stringify({ tagID: mapped }),
    });
    expect(res.status).toBe(400);
    expect(res.body!.error).toMatchObject({ field: 'x-change-id' });
    expect(await counts()).toEqual(before);
  });
});
