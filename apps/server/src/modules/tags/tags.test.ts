import { DEFAULT_TAG_SET_COLOR } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, outboxRows, type OutboxRow } from '../../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import {
  addContacts,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import type { OrphanedTag, TagSetRow } from './repo';
import { contactTagRows, createTagSet, orphanOn, tagContact } from './test-helpers';

let s: TestServices;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let visible: { pipelineUID: string; stageUID: string };
let hidden: { pipelineUID: string; stageUID: string };

beforeAll(async () => {
  s = await startTestServices();
  const o = await ownerWithTeam(s, 'tags-owner@example.com');
  owner = o.client;
  teamUID = o.teamUID;
  visible = await addPipeline(s, teamUID, 'Visible');
  hidden = await addPipeline(s, teamUID, 'Hidden');
  const memberUID = await createUser(s, 'tags-member@example.com');
  await addMember(s, teamUID, memberUID, 'member', [visible.pipelineUID]);
  member = await signIn(s, 'tags-member@example.com');
});
afterAll(() => s.cleanup());

const api = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
  client.api(`/api/teams/${teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function sets(client: TestClient, query = '') {
  const res = await api(client, `/tag-sets${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body!.tagSets as TagSetRow[];
}

async function orphans(client: TestClient = owner) {
  const res = await api(client, '/orphaned-tags');
  expect(res.status).toBe(200);
  return res.body!.orphanedTags as OrphanedTag[];
}

/** Row counts of everything these routes write, to prove a refused request wrote nothing. */
async function counts() {
  const r = await s.database.pool.query<{ t: string; n: string }>(
    `SELECT 'tag_set' t, count(*) n FROM tag_set WHERE team_uid = $1
     UNION ALL SELECT 'tag', count(*) FROM tag WHERE team_uid = $1
     UNION ALL SELECT 'contact_tag', count(*) FROM contact_tag WHERE team_uid = $1
     UNION ALL SELECT 'activity', count(*) FROM activity WHERE team_uid = $1
     UNION ALL SELECT 'change_log', count(*) FROM change_log WHERE team_uid = $1`,
    [teamUID],
  );
  return Object.fromEntries(r.rows.map((x) => [x.t, Number(x.n)]));
}

async function activities(gtid: string) {
  const r = await s.database.pool.query<{
    type: string;
    action: string;
    pipeline_uid: string | null;
    data: Record<string, unknown>;
  }>(
    `SELECT type, action, pipeline_uid, data FROM activity
     WHERE team_uid = $1 AND gtid = $2 ORDER BY created_at_unix, activity_uid`,
    [teamUID, gtid],
  );
  return r.rows;
}

async function changeLogFor(resource: string, id: string) {
  const r = await s.database.pool.query<{ op: string }>(
    `SELECT op FROM change_log WHERE team_uid = $1 AND resource = $2 AND id = $3 ORDER BY seq`,
    [teamUID, resource, id],
  );
  return r.rows.map((x) => x.op);
}

describe(`tag sets and tags (${ENGINE})`, () => {
  it('creates a global set with the default colour and its tags in order, then edits and orders them', async () => {
    const set = await createTagSet(owner, teamUID, {
      name: 'Interests',
      tags: [
        { name: 'Golf', value: 'golf', remoteID: 'r-1' },
        { name: 'Tennis', color: '#ff0000' },
      ],
    });
    expect(set).toMatchObject({
      name: 'Interests',
      pipelineUID: null,
      color: DEFAULT_TAG_SET_COLOR,
      connectionUID: null,
    });
    expect(set.tags.map((t) => [t.name, t.value, t.color, t.remoteID, t.order])).toEqual([
      ['Golf', 'golf', null, 'r-1', 0],
      ['Tennis', '', '#ff0000', null, 1],
    ]);
    expect(await changeLogFor('tagSet', set.tagSetUID)).toEqual(['insert']);

    const added = await api(owner, `/tag-sets/${set.tagSetUID}/tags`, 'POST', { name: 'Chess' });
    expect(added.status).toBe(201);
    const chess = added.body!.tag as { tagID: string; order: number };
    expect(chess.order).toBe(2);

    const patched = await api(owner, `/tag-sets/${set.tagSetUID}`, 'PATCH', {
      name: 'Hobbies',
      color: '#2f9e44',
    });
    expect(patched.status).toBe(200);
    expect(patched.body!.tagSet).toMatchObject({ name: 'Hobbies', color: '#2f9e44' });

    const editTag = await api(owner, `/tag-sets/${set.tagSetUID}/tags/${chess.tagID}`, 'PATCH', {
      value: 'chess',
      color: null,
      remoteID: 'r-3',
    });
    expect(editTag.body!.tag).toMatchObject({ name: 'Chess', value: 'chess', remoteID: 'r-3' });

    const ids = set.tags.map((t) => t.tagID);
    const reordered = await api(owner, `/tag-sets/${set.tagSetUID}/tags-order`, 'PUT', {
      order: [chess.tagID, ids[1], ids[0]],
    });
    expect(reordered.status).toBe(200);
    expect((reordered.body!.tagSet as TagSetRow).tags.map((t) => t.name)).toEqual([
      'Chess',
      'Tennis',
      'Golf',
    ]);

    // Sets: the new one goes last; an order puts it first.
    const second = await createTagSet(owner, teamUID, { name: 'Sources', color: '#fab005' });
    expect(second.order).toBeGreaterThan(set.order);
    const global = await sets(owner, '?pipelineUID=global');
    const order = [
      second.tagSetUID,
      ...global.map((g) => g.tagSetUID).filter((u) => u !== second.tagSetUID),
    ];
    const ordered = await api(owner, '/tag-sets-order', 'PUT', { pipelineUID: null, order });
    expect(ordered.status).toBe(200);
    expect((ordered.body!.tagSets as TagSetRow[]).map((g) => g.tagSetUID)).toEqual(order);
    expect((await sets(owner, '?pipelineUID=global')).map((g) => g.tagSetUID)).toEqual(order);

    // The boot data carries the global sets with their tags in order.
    const boot = await api(owner, '/team-data');
    const bootSets = boot.body!.globalTagSets as TagSetRow[];
    expect(bootSets.map((g) => g.tagSetUID)).toEqual(order);
    expect(bootSets.find((g) => g.tagSetUID === set.tagSetUID)!.tags.map((t) => t.name)).toEqual([
      'Chess',
      'Tennis',
      'Golf',
    ]);
  });

  it('lists the global sets first, then each pipeline set; a pipeline filter lists only that pipeline', async () => {
    const inVisible = await createTagSet(owner, teamUID, {
      name: 'Visible set',
      pipelineUID: visible.pipelineUID,
    });
    await createTagSet(owner, teamUID, { name: 'Hidden set', pipelineUID: hidden.pipelineUID });
    const all = await sets(owner);
    const firstPipelineSet = all.findIndex((x) => x.pipelineUID !== null);
    expect(firstPipelineSet).toBeGreaterThan(0);
    expect(all.slice(firstPipelineSet).every((x) => x.pipelineUID !== null)).toBe(true);
    expect(all.map((x) => x.name)).toEqual(expect.arrayContaining(['Visible set', 'Hidden set']));
    const only = await sets(owner, `?pipelineUID=${visible.pipelineUID}`);
    expect(only.map((x) => x.tagSetUID)).toEqual([inVisible.tagSetUID]);
    expect(inVisible.order).toBe(0);
  });

  it("lets a member read the global sets and their pipelines' sets, not write; an invisible pipeline's set is 404", async () => {
    const mine = await sets(member);
    expect(mine.map((x) => x.name)).toContain('Visible set');
    expect(mine.map((x) => x.name)).not.toContain('Hidden set');
    expect(mine.some((x) => x.pipelineUID === null)).toBe(true);

    const hiddenSet = (await sets(owner)).find((x) => x.name === 'Hidden set')!;
    const visibleSet = (await sets(owner)).find((x) => x.name === 'Visible set')!;
    expect((await api(member, `/tag-sets?pipelineUID=${hidden.pipelineUID}`)).status).toBe(404);
    const before = await counts();
    const hiddenPatch = await api(member, `/tag-sets/${hiddenSet.tagSetUID}`, 'PATCH', {
      name: 'x',
    });
    expect(hiddenPatch.status).toBe(404);
    const hiddenDelete = await api(member, `/tag-sets/${hiddenSet.tagSetUID}`, 'DELETE');
    expect(hiddenDelete.status).toBe(404);

    for (const [path, method, body] of [
      ['/tag-sets', 'POST', { name: 'Nope' }],
      [`/tag-sets/${visibleSet.tagSetUID}`, 'PATCH', { name: 'Nope' }],
      [`/tag-sets/${visibleSet.tagSetUID}`, 'DELETE', undefined],
      [`/tag-sets/${visibleSet.tagSetUID}/tags`, 'POST', { name: 'Nope' }],
    ] as const) {
      const res = await api(member, path, method, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((res.body!.error as { status: string }).status).toBe('permission-denied');
    }
    expect(await counts()).toEqual(before);
  });

  it('counts for a member only the contacts they may see', async () => {
    const set = await createTagSet(owner, teamUID, { name: 'Counted', tags: [{ name: 'Seen' }] });
    const tag = { ...set.tags[0]!, tagSetUID: set.tagSetUID };
    const [seen] = await addContacts(s, teamUID, 1, [visible]);
    const [unseen] = await addContacts(s, teamUID, 1, [hidden]);
    await tagContact(s, teamUID, seen!, tag);
    await tagContact(s, teamUID, unseen!, tag);
    const forOwner = (await sets(owner)).find((x) => x.tagSetUID === set.tagSetUID)!;
    expect([forOwner.contacts, forOwner.tags[0]!.contacts]).toEqual([2, 2]);
    const forMember = (await sets(member)).find((x) => x.tagSetUID === set.tagSetUID)!;
    expect([forMember.contacts, forMember.tags[0]!.contacts]).toEqual([1, 1]);
  });

  it("answers 404 for another team's tag set and changes nothing of it", async () => {
    const other = await ownerWithTeam(s, 'tags-other@example.com');
    const theirs = await createTagSet(other.client, other.teamUID, { name: 'Theirs' });
    const res = await api(owner, `/tag-sets/${theirs.tagSetUID}`, 'PATCH', { name: 'Mine now' });
    expect(res.status).toBe(404);
    const tagRes = await api(owner, `/tag-sets/${theirs.tagSetUID}/tags`, 'POST', { name: 'x' });
    expect(tagRes.status).toBe(404);
    const still = await other.client.api(`/api/teams/${other.teamUID}/tag-sets`);
    expect((still.body!.tagSets as TagSetRow[])[0]).toMatchObject({ name: 'Theirs', tags: [] });
  });

  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const set = (await sets(owner, '?pipelineUID=global'))[0]!;
    const before = await counts();
    for (const [path, method, body, field] of [
      ['/tag-sets', 'POST', { name: '  ' }, 'name'],
      ['/tag-sets', 'POST', { name: 'Colours', color: 'blueish' }, 'color'],
      ['/tag-sets', 'POST', { name: 'Ok', tags: [{ name: 'fine' }, { name: '' }] }, 'tags.1.name'],
      [`/tag-sets/${set.tagSetUID}`, 'PATCH', { color: 'rgb(300, 0, 0)' }, 'color'],
      [`/tag-sets/${set.tagSetUID}/tags`, 'POST', { name: 'x', color: 12 }, 'color'],
      ['/tag-sets-order', 'PUT', { pipelineUID: null, order: [set.tagSetUID] }, 'order'],
      ['/tag-sets-order', 'PUT', { order: [] }, 'pipelineUID'],
    ] as const) {
      const res = await api(owner, path, method, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect((res.body!.error as { field?: string }).field).toBe(field);
    }
    const pipelineGone = await api(owner, '/tag-sets', 'POST', { name: 'x', pipelineUID: 'nope' });
    expect(pipelineGone.status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe(`orphaned tags and reconciliation (${ENGINE})`, () => {
  it('keeps a deleted tag on its contacts as an orphaned tag, with the contact count', async () => {
    const set = await createTagSet(owner, teamUID, {
      name: 'Temperature',
      tags: [{ name: 'Hot' }, { name: 'Cold' }],
    });
    const [hot, cold] = set.tags;
    const gtids = await addContacts(s, teamUID, 3, [visible]);
    for (const gtid of gtids)
      await tagContact(s, teamUID, gtid, { ...hot!, tagSetUID: set.tagSetUID });
    await tagContact(s, teamUID, gtids[0]!, {
      ...cold!,
      tagSetUID: set.tagSetUID,
      pipelineUID: visible.pipelineUID,
    });

    // A rename reaches the contacts that carry the tag.
    await api(owner, `/tag-sets/${set.tagSetUID}/tags/${hot!.tagID}`, 'PATCH', { name: 'Warm' });
    expect((await contactTagRows(s, teamUID)).filter((r) => r.includes(hot!.tagID))).toHaveLength(
      3,
    );
    expect(
      (await contactTagRows(s, teamUID))
        .filter((r) => r.includes(hot!.tagID))
        .every((r) => r.endsWith('|Warm')),
    ).toBe(true);

    // The list says how many contacts carry each tag and the set (what a delete would orphan).
    const listed = (await sets(owner)).find((x) => x.tagSetUID === set.tagSetUID)!;
    expect(listed.contacts).toBe(3);
    expect(listed.tags.map((t) => [t.name, t.contacts])).toEqual([
      ['Warm', 3],
      ['Cold', 1],
    ]);
    expect((await orphans()).map((o) => o.tagID)).not.toContain(hot!.tagID);
    const del = await api(owner, `/tag-sets/${set.tagSetUID}/tags/${hot!.tagID}`, 'DELETE');
    expect(del.body).toEqual({ onContacts: 3 });
    expect((await orphans()).find((o) => o.tagID === hot!.tagID)).toEqual({
      tagID: hot!.tagID,
      name: 'Warm',
      tagSetUID: set.tagSetUID,
      contacts: 3,
    });

    // Deleting the whole set orphans its remaining tags too.
    const delSet = await api(owner, `/tag-sets/${set.tagSetUID}`, 'DELETE');
    expect(delSet.body).toEqual({ deleted: { tags: 1, onContacts: 1 } });
    expect(await changeLogFor('tagSet', set.tagSetUID)).toEqual(['insert', 'delete']);
    const list = await orphans();
    expect(list.find((o) => o.tagID === cold!.tagID)).toMatchObject({ name: 'Cold', contacts: 1 });
    const boot = await api(owner, '/team-data');
    expect((boot.body!.orphanedTags as OrphanedTag[]).map((o) => o.tagID)).toEqual(
      expect.arrayContaining([hot!.tagID, cold!.tagID]),
    );
    // A member counts only what they may see (the cold tag sits in a pipeline they see).
    expect((await orphans(member)).find((o) => o.tagID === cold!.tagID)?.contacts).toBe(1);
  });

  it('maps an orphan onto a tag: contacts carry the target once, each with a tags activity', async () => {
    const target = await createTagSet(owner, teamUID, {
      name: 'Stage tags',
      tags: [{ name: 'Lead' }],
    });
    const lead = { ...target.tags[0]!, tagSetUID: target.tagSetUID };
    const [a, b, c] = await addContacts(s, teamUID, 3, [visible]);
    const orphan = await orphanOn(s, teamUID, [a!, b!], 'Prospect');
    // b already has the target globally: its orphan row merges away.
    await tagContact(s, teamUID, b!, lead);
    // c has the orphan inside a pipeline and the target only globally: both stay (other scopes).
    await tagContact(s, teamUID, c!, {
      tagID: orphan,
      tagSetUID: 'gone',
      name: 'Prospect',
      pipelineUID: visible.pipelineUID,
    });
    await tagContact(s, teamUID, c!, lead);
    expect((await orphans()).find((o) => o.tagID === orphan)?.contacts).toBe(3);

    const forMember = await api(member, `/orphaned-tags/${orphan}/map`, 'POST', {
      tagID: lead.tagID,
    });
    expect(forMember.status).toBe(403);
    const unknown = await api(owner, `/orphaned-tags/${orphan}/map`, 'POST', { tagID: 'nope' });
    expect(unknown.status).toBe(404);
    expect((unknown.body!.error as { field?: string }).field).toBe('tagID');
    const noBody = await api(owner, `/orphaned-tags/${orphan}/map`, 'POST', {});
    expect(noBody.status).toBe(400);
    expect((noBody.body!.error as { field?: string }).field).toBe('tagID');

    const res = await api(owner, `/orphaned-tags/${orphan}/map`, 'POST', { tagID: lead.tagID });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 3 });

    const rows = await contactTagRows(s, teamUID);
    expect(rows.filter((r) => r.includes(orphan))).toEqual([]);
    const mine = (g: string) => rows.filter((r) => r.startsWith(`${g}|`));
    expect(mine(a!)).toEqual([`${a}|global|${lead.tagID}|${lead.tagSetUID}|Lead`]);
    expect(mine(b!)).toEqual([`${b}|global|${lead.tagID}|${lead.tagSetUID}|Lead`]);
    expect(mine(c!).sort()).toEqual(
      [
        `${c}|global|${lead.tagID}|${lead.tagSetUID}|Lead`,
        `${c}|${visible.pipelineUID}|${lead.tagID}|${lead.tagSetUID}|Lead`,
      ].sort(),
    );
    for (const g of [a!, b!, c!]) {
      const acts = await activities(g);
      expect(acts).toHaveLength(1);
      expect(acts[0]).toMatchObject({
        type: 'tags',
        action: 'mapped',
        data: {
          from: { tagID: orphan, name: 'Prospect' },
          to: { tagID: lead.tagID, name: 'Lead' },
        },
      });
      expect(await changeLogFor('contact', g)).toEqual(['update']);
    }
    expect((await activities(c!))[0]!.pipeline_uid).toBe(visible.pipelineUID);
    expect((await orphans()).map((o) => o.tagID)).not.toContain(orphan);
    // Done once: the orphan is gone, so a second map answers 404.
    expect(
      (await api(owner, `/orphaned-tags/${orphan}/map`, 'POST', { tagID: lead.tagID })).status,
    ).toBe(404);
  });

  it('removes an orphan from every contact, each with a tags activity; a live tag is not an orphan', async () => {
    const [a, b] = await addContacts(s, teamUID, 2);
    const orphan = await orphanOn(s, teamUID, [a!, b!], 'Stale');
    const live = await createTagSet(owner, teamUID, { name: 'Live', tags: [{ name: 'Kept' }] });
    await tagContact(s, teamUID, a!, { ...live.tags[0]!, tagSetUID: live.tagSetUID });

    expect((await api(member, `/orphaned-tags/${orphan}`, 'DELETE')).status).toBe(403);
    expect((await api(owner, `/orphaned-tags/${live.tags[0]!.tagID}`, 'DELETE')).status).toBe(404);

    const res = await api(owner, `/orphaned-tags/${orphan}`, 'DELETE');
    expect(res.body).toEqual({ removed: 2 });
    const rows = await contactTagRows(s, teamUID);
    expect(rows.filter((r) => r.includes(orphan))).toEqual([]);
    expect(rows.filter((r) => r.startsWith(`${a}|`))).toHaveLength(1);
    for (const g of [a!, b!]) {
      expect(await activities(g)).toEqual([
        {
          type: 'tags',
          action: 'removed',
          pipeline_uid: null,
          data: { tagID: orphan, name: 'Stale' },
        },
      ]);
    }
    expect((await orphans()).map((o) => o.tagID)).not.toContain(orphan);
  });
});

describe(`reconciliation writes tag changes to the outbox (${ENGINE})`, () => {
  /** A fresh team with a convertkit and an activecampaign connection that sync tags. */
  async function syncingTeam(name: string) {
    const t = await ownerWithTeam(s, `tags-sync-${name}@example.com`);
    await addConnection(s, t.teamUID, 'convertkit', { syncTags: true });
    await addConnection(s, t.teamUID, 'activecampaign', { syncTags: true });
    const set = await createTagSet(t.client, t.teamUID, {
      name: 'Targets',
      tags: [{ name: 'Plain' }, { name: 'Remote', remoteID: 'ac-9' }],
    });
    const [plain, remote] = set.tags.map((tag) => ({ ...tag, tagSetUID: set.tagSetUID }));
    const newRows = async (since: number) => (await outboxRows(s, t.teamUID)).slice(since);
    return { ...t, plain: plain!, remote: remote!, newRows };
  }
  const post = (t: { client: TestClient; teamUID: string }, path: string, body?: unknown) =>
    t.client.api(`/api/teams/${t.teamUID}${path}`, {
      method: body === undefined ? 'DELETE' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const syncsBy = (rows: OutboxRow[], integration: string) =>
    rows.filter((r) => r.kind === 'sync' && r.payload.integration === integration);

  it('maps an orphan: convertkit gets one row per contact, activecampaign only a tag with a remoteID', async () => {
    const t = await syncingTeam('map');
    const [a, b, c] = await addContacts(s, t.teamUID, 3);

    // Onto a tag without a remoteID: convertkit only.
    const first = await orphanOn(s, t.teamUID, [a!, b!], 'Old plain');
    let since = (await outboxRows(s, t.teamUID)).length;
    expect((await post(t, `/orphaned-tags/${first}/map`, { tagID: t.plain.tagID })).status).toBe(
      200,
    );
    let rows = await t.newRows(since);
    const kit = syncsBy(rows, 'convertkit');
    expect(kit.map((r) => (r.payload.leadData as { GTID: string }).GTID).sort()).toEqual(
      [a!, b!].sort(),
    );
    for (const r of kit) {
      expect(r.payload).toMatchObject({
        change: 'tags',
        changeData: {
          action: 'added',
          tags: [{ tagID: t.plain.tagID, tagSetUID: t.plain.tagSetUID, remoteID: null }],
        },
      });
    }
    expect(syncsBy(rows, 'activecampaign')).toEqual([]);
    const triggers = rows.filter((r) => r.kind === 'workflow-trigger');
    expect(triggers.map((r) => r.payload.trigger)).toEqual(['tagAdded', 'tagAdded']);

    // Onto a tag with a remoteID: both systems, one row per contact each. c already carries
    // the target: its orphan just goes (a removal of a tag in no set: convertkit only).
    await tagContact(s, t.teamUID, c!, t.remote);
    const second = await orphanOn(s, t.teamUID, [a!, b!, c!], 'Old remote');
    since = (await outboxRows(s, t.teamUID)).length;
    const res = await post(t, `/orphaned-tags/${second}/map`, { tagID: t.remote.tagID });
    expect(res.body).toEqual({ updated: 3 });
    rows = await t.newRows(since);
    const ac = syncsBy(rows, 'activecampaign');
    expect(ac.map((r) => (r.payload.leadData as { GTID: string }).GTID).sort()).toEqual(
      [a!, b!].sort(),
    );
    for (const r of ac) {
      expect(r.payload.changeData).toEqual({
        action: 'added',
        tags: [
          {
            tagID: t.remote.tagID,
            name: 'Remote',
            tagSetUID: t.remote.tagSetUID,
            remoteID: 'ac-9',
          },
        ],
      });
    }
    const kitRows = syncsBy(rows, 'convertkit');
    expect(kitRows).toHaveLength(3);
    const forC = kitRows.find((r) => (r.payload.leadData as { GTID: string }).GTID === c);
    expect(forC!.payload.changeData).toMatchObject({
      action: 'removed',
      tags: [{ tagID: second, remoteID: null }],
    });
  });

  it('removes an orphan: a removal per contact where core’s rule takes a tag without remoteID', async () => {
    const t = await syncingTeam('remove');
    const [a, b] = await addContacts(s, t.teamUID, 2);
    const orphan = await orphanOn(s, t.teamUID, [a!, b!], 'Gone');
    const since = (await outboxRows(s, t.teamUID)).length;
    expect((await post(t, `/orphaned-tags/${orphan}`)).body).toEqual({ removed: 2 });
    const rows = await t.newRows(since);
    const kit = syncsBy(rows, 'convertkit');
    expect(kit.map((r) => (r.payload.leadData as { GTID: string }).GTID).sort()).toEqual(
      [a!, b!].sort(),
    );
    for (const r of kit) {
      expect(r.payload.changeData).toMatchObject({
        action: 'removed',
        tags: [{ tagID: orphan, name: 'Gone', remoteID: null }],
      });
    }
    expect(syncsBy(rows, 'activecampaign')).toEqual([]);
    expect(
      rows
        .filter((r) => r.kind === 'workflow-trigger')
        .map((r) => [r.payload.trigger, r.payload.GTID]),
    ).toEqual(
      expect.arrayContaining([
        ['tagRemoved', a],
        ['tagRemoved', b],
      ]),
    );
    expect(rows).toHaveLength(4);
  });
});
