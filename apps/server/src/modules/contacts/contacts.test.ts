import { isGtid } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityRows,
  addAnswer,
  addConnection,
  addDeal,
  addStage,
  addTag,
  addTagSet,
  changeLogRows,
  countRows,
  historyRows,
  outboxRows,
  placementRows,
  tagContact,
} from '../../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import {
  addContacts,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  PLAN,
  signIn,
} from '../../test/team-fixtures';
import { teamScopeFor } from '../../scope/team-scope';
import { createContact } from './service';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;
const email = (what: string) => `contacts-${what}-${++n}@example.com`;

interface ContactBody {
  contact: Record<string, unknown> & { GTID: string };
  pipelines: (Record<string, unknown> & {
    groupUID: string;
    stageUID: string;
    stagesHistory: { id: string; stageUID: string; name: string | null }[];
    deals: Record<string, unknown>[];
    answers: Record<string, unknown>[];
    tags: Record<string, unknown>[];
  })[];
  globalTags: Record<string, unknown>[];
}

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers,
});
const patch = (body: unknown) => ({ method: 'PATCH', body: JSON.stringify(body) });

async function team(subscription: Record<string, unknown> = PLAN) {
  const t = await ownerWithTeam(s, email('owner'), subscription);
  const p = await addPipeline(s, t.teamUID, 'Sales');
  return { ...t, ...p };
}

/** Every row of a contact's data, to show that a refused request wrote nothing. */
async function teamFootprint(teamUID: string) {
  const out: Record<string, number> = {};
  for (const table of [
    'contact',
    'contact_pipeline',
    'stage_history',
    'activity',
    'outbox',
    'change_log',
  ]) {
    out[table] = await countRows(s, table, teamUID);
  }
  return out;
}

describe(`creating contacts (${ENGINE})`, () => {
  it('creates a contact in a pipeline with its activities, history, outbox rows and change log', async () => {
    const t = await team();
    const next = await addStage(s, t.teamUID, t.pipelineUID, 'Next', 1);
    await addConnection(s, t.teamUID, 'webhooks', { syncInfo: true, syncGroups: true });
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post(
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          emailAddress: ' ada@example.com ',
          phoneNumber: '+44 20 7946 0000',
          sources: ['facebook', 'facebook', 'instagram'],
          profiles: { facebook: 'https://facebook.com/ada' },
          pipelineUID: t.pipelineUID,
        },
        { 'x-change-id': 'create-1' },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as unknown as ContactBody;
    const gtid = body.contact.GTID;
    expect(isGtid(gtid)).toBe(true);
    expect(body.contact).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      emailAddress: 'ada@example.com',
      phoneNumber: '+44 20 7946 0000',
      sources: ['facebook', 'instagram'],
      profiles: { facebook: 'https://facebook.com/ada' },
      statusLabelUID: null,
    });
    // The default stage is the pipeline's placeholder (idx 0).
    expect(body.pipelines).toHaveLength(1);
    expect(body.pipelines[0]).toMatchObject({
      groupUID: t.pipelineUID,
      nickName: 'Sales',
      stageUID: t.stageUID,
      stage: { name: 'Set Stage...', idx: 0 },
    });
    expect(body.pipelines[0]!.stagesHistory.map((h) => h.stageUID)).toEqual([t.stageUID]);
    expect(body.pipelines[0]!.stageUID).not.toBe(next);

    const created = Date.parse(body.contact.createdAt as string);
    const acts = await activityRows(s, t.teamUID, gtid);
    expect(acts.map((a) => [a.type, a.action, created - a.created_at_unix])).toEqual([
      ['initial', 'created', 120_000],
      ['pipeline', 'added', 60_000],
    ]);
    expect(acts[1]).toMatchObject({ pipeline_uid: t.pipelineUID, stage_uid: t.stageUID });

    const rows = await outboxRows(s, t.teamUID);
    expect(rows.map((r) => [r.kind, r.payload.change ?? r.payload.trigger])).toEqual([
      ['sync', 'info'],
      ['sync', 'groups'],
      ['workflow-trigger', 'contactCreated'],
    ]);
    expect(rows[0]!.payload).toMatchObject({
      integration: 'webhooks',
      leadData: { GTID: gtid, fullName: 'Ada Lovelace', emailAddress: 'ada@example.com' },
    });
    expect(rows[1]!.payload).toMatchObject({
      changeData: { action: 'added', stage: { stageUID: t.stageUID } },
      pipelineData: { groupUID: t.pipelineUID, nickName: 'Sales' },
    });

    const log = await changeLogRows(s, t.teamUID);
    expect(log.filter((l) => l.resource === 'contact')).toEqual([
      { resource: 'contact', id: gtid, op: 'insert', change_id: 'create-1' },
    ]);
    expect(log.map((l) => l.resource)).toContain('contactPipeline');

    const got = await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('takes a chosen stage and places the card first in it', async () => {
    const t = await team();
    const next = await addStage(s, t.teamUID, t.pipelineUID, 'Next', 1);
    const first = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ fullName: 'First Card', pipelineUID: t.pipelineUID, stageUID: next }),
    );
    const second = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ emailAddress: 'second@example.com', pipelineUID: t.pipelineUID, stageUID: next }),
    );
    expect(second.status).toBe(201);
    const [a] = await placementRows(
      s,
      t.teamUID,
      (first.body as unknown as ContactBody).contact.GTID,
    );
    const secondBody = second.body as unknown as ContactBody;
    const [b] = await placementRows(s, t.teamUID, secondBody.contact.GTID);
    expect(a!.stage_uid).toBe(next);
    expect(b!.position < a!.position).toBe(true);
    expect(secondBody.contact.fullName).toBe('');
  });

  it('creates a contact in no pipeline with only the initial activity', async () => {
    const t = await team();
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ profiles: { instagram: 'https://instagram.com/x' } }),
    );
    expect(res.status).toBe(201);
    const body = res.body as unknown as ContactBody;
    expect(body.pipelines).toEqual([]);
    const acts = await activityRows(s, t.teamUID, body.contact.GTID);
    expect(acts.map((a) => a.type)).toEqual(['initial']);
  });

  it('answers 400 naming the field for a bad body, writing nothing', async () => {
    const t = await team();
    const other = await addPipeline(s, t.teamUID, 'Other');
    const before = await teamFootprint(t.teamUID);
    for (const [body, field] of [
      [{}, 'firstName'],
      [{ firstName: '  ', emailAddress: '' }, 'firstName'],
      [{ firstName: 'A', emailAddress: 'not-an-email' }, 'emailAddress'],
      [{ firstName: 'A', phoneNumber: 'call me' }, 'phoneNumber'],
      [{ firstName: 'A', sources: 'facebook' }, 'sources'],
      [{ firstName: 'A', profiles: { Facebook: 'x' } }, 'profiles.Facebook'],
      [{ firstName: 'A', photoURL: 'javascript:alert(1)' }, 'photoURL'],
      [{ firstName: 'A', stageUID: t.stageUID }, 'pipelineUID'],
      [{ firstName: 'A', firstname: 'typo' }, undefined],
    ] as const) {
      const res = await t.client.api(`/api/teams/${t.teamUID}/contacts`, post(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = res.body!.error as { status: string; field?: string; message: string };
      expect(error.status).toBe('invalid-argument');
      if (field) expect(error.field, JSON.stringify(body)).toBe(field);
    }
    // A stage of another pipeline, or a pipeline that does not exist: 404.
    for (const body of [
      { firstName: 'A', pipelineUID: t.pipelineUID, stageUID: other.stageUID },
      { firstName: 'A', pipelineUID: 'no-such-pipeline' },
    ]) {
      const res = await t.client.api(`/api/teams/${t.teamUID}/contacts`, post(body));
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    expect(await teamFootprint(t.teamUID)).toEqual(before);
  });

  it('draws a new GTID when the first one is taken', async () => {
    const t = await team();
    const scope = await teamScopeFor(s.database, t.uid, t.teamUID);
    const taken = await createContact(s.database, scope, { firstName: 'First' });
    const drawn: string[] = [];
    const again = await createContact(
      s.database,
      scope,
      { firstName: 'Second', pipelineUID: t.pipelineUID },
      {
        newGtid: (now) => {
          const gtid =
            drawn.length < 2 ? taken.contact.GTID : `calm-otter-${Math.floor(now / 1000)}`;
          drawn.push(gtid);
          return gtid;
        },
      },
    );
    expect(drawn).toHaveLength(3);
    expect(again.contact.GTID).toBe(drawn[2]);
    expect(again.contact.firstName).toBe('Second');
    expect(again.pipelines).toHaveLength(1);
    const first = await t.client.api(`/api/teams/${t.teamUID}/contacts/${taken.contact.GTID}`);
    expect((first.body as unknown as ContactBody).contact.firstName).toBe('First');
    expect(await countRows(s, 'contact', t.teamUID)).toBe(2);
  });

  it('holds the contact quota exactly under 20 simultaneous creates', async () => {
    const quota = 40;
    const t = await team({ ...PLAN, includedContacts: quota });
    await addContacts(s, t.teamUID, quota - 5);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.client.api(
          `/api/teams/${t.teamUID}/contacts`,
          post({ firstName: `Racer ${i}`, pipelineUID: t.pipelineUID }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body!.error).toEqual({
      status: 'resource-exhausted',
      message: `Your plan includes ${quota} contacts and the team has ${quota}. Delete contacts or add contact blocks to your plan.`,
    });
    expect(await countRows(s, 'contact', t.teamUID)).toBe(quota);
    expect(await countRows(s, 'contact_pipeline', t.teamUID)).toBe(5);
  });
});

describe(`reading a contact (${ENGINE})`, () => {
  it('returns deals, answers, per-pipeline and global tags (orphaned ones marked)', async () => {
    const t = await team();
    const [gtid] = await addContacts(s, t.teamUID, 1, [
      { pipelineUID: t.pipelineUID, stageUID: t.stageUID },
    ]);
    const globalSet = await addTagSet(s, t.teamUID, 'Interests', '#1C7EBB');
    const hot = await addTag(s, t.teamUID, globalSet, 'Hot', '#FA5252');
    const plain = await addTag(s, t.teamUID, globalSet, 'Plain');
    const pipeSet = await addTagSet(s, t.teamUID, 'Sales tags', '#40C057', t.pipelineUID);
    const vip = await addTag(s, t.teamUID, pipeSet, 'VIP');
    await tagContact(s, t.teamUID, gtid!, { tagID: hot, tagSetUID: globalSet, name: 'Hot' });
    await tagContact(s, t.teamUID, gtid!, { tagID: plain, tagSetUID: globalSet, name: 'Plain' });
    await tagContact(s, t.teamUID, gtid!, { tagID: 'gone-tag', tagSetUID: globalSet, name: 'Old' });
    await tagContact(
      s,
      t.teamUID,
      gtid!,
      { tagID: vip, tagSetUID: pipeSet, name: 'VIP' },
      t.pipelineUID,
    );
    const dealUID = await addDeal(s, t.teamUID, gtid!, t.pipelineUID, 'Coaching', 1500, 'EUR');
    const answerUID = await addAnswer(s, t.teamUID, gtid!, t.pipelineUID, 'Why join?', 'To learn');

    const res = await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`);
    expect(res.status).toBe(200);
    const body = res.body as unknown as ContactBody;
    expect(body.globalTags).toEqual([
      { tagID: hot, tagSetUID: globalSet, name: 'Hot', color: '#FA5252', orphaned: false },
      { tagID: plain, tagSetUID: globalSet, name: 'Plain', color: '#1C7EBB', orphaned: false },
      { tagID: 'gone-tag', tagSetUID: globalSet, name: 'Old', color: null, orphaned: true },
    ]);
    expect(body.pipelines[0]!.tags).toEqual([
      { tagID: vip, tagSetUID: pipeSet, name: 'VIP', color: '#40C057', orphaned: false },
    ]);
    expect(body.pipelines[0]!.deals).toEqual([
      {
        dealUID,
        name: 'Coaching',
        value: '1500',
        currency: 'EUR',
        status: 'open',
        createdAt: expect.any(String),
      },
    ]);
    expect(body.pipelines[0]!.answers).toEqual([
      { answerUID, questionUID: null, question: 'Why join?', answer: 'To learn' },
    ]);
  });

  it("answers 404 for another team's GTID and for one that does not exist", async () => {
    const a = await team();
    const b = await team();
    const [gtid] = await addContacts(s, a.teamUID, 1);
    expect((await b.client.api(`/api/teams/${b.teamUID}/contacts/${gtid}`)).status).toBe(404);
    expect((await b.client.api(`/api/teams/${a.teamUID}/contacts/${gtid}`)).status).toBe(404);
    expect((await a.client.api(`/api/teams/${a.teamUID}/contacts/nope-nope-1`)).status).toBe(404);
    const moved = await b.client.api(
      `/api/teams/${b.teamUID}/contacts/${gtid}/pipelines/${b.pipelineUID}/stage`,
      { method: 'PUT', body: JSON.stringify({ stageUID: b.stageUID }) },
    );
    expect(moved.status).toBe(404);
  });
});

describe(`pipeline access of members (${ENGINE})`, () => {
  async function memberSetup() {
    const t = await team();
    const secret = await addPipeline(s, t.teamUID, 'Secret');
    const secretNext = await addStage(s, t.teamUID, secret.pipelineUID, 'Closing', 1);
    const memberEmail = email('member');
    const memberUID = await createUser(s, memberEmail);
    await addMember(s, t.teamUID, memberUID, 'member', [t.pipelineUID]);
    const member = await signIn(s, memberEmail);
    const open = { pipelineUID: t.pipelineUID, stageUID: t.stageUID };
    const [onlySecret] = await addContacts(s, t.teamUID, 1, [secret]);
    const [both] = await addContacts(s, t.teamUID, 1, [open, secret]);
    const [nowhere] = await addContacts(s, t.teamUID, 1);
    return {
      t,
      secret,
      secretNext,
      member,
      onlySecret: onlySecret!,
      both: both!,
      nowhere: nowhere!,
    };
  }

  it('hides a contact only in an invisible pipeline, and that pipeline in any contact', async () => {
    const { t, secret, secretNext, member, onlySecret, both, nowhere } = await memberSetup();
    const before = await teamFootprint(t.teamUID);
    const base = `/api/teams/${t.teamUID}/contacts`;

    expect((await member.api(`${base}/${onlySecret}`)).status).toBe(404);
    expect((await member.api(`${base}/${onlySecret}`, patch({ firstName: 'X' }))).status).toBe(404);
    const stage = (gtid: string) =>
      member.api(`${base}/${gtid}/pipelines/${secret.pipelineUID}/stage`, {
        method: 'PUT',
        body: JSON.stringify({ stageUID: secretNext }),
      });
    expect((await stage(onlySecret)).status).toBe(404);
    expect((await stage(both)).status).toBe(404);
    expect(
      (await member.api(`${base}/${both}/pipelines/${secret.pipelineUID}`, { method: 'DELETE' }))
        .status,
    ).toBe(404);
    expect(
      (await member.api(`${base}/${nowhere}/pipelines`, post({ pipelineUID: secret.pipelineUID })))
        .status,
    ).toBe(404);
    expect(await teamFootprint(t.teamUID)).toEqual(before);

    const seen = await member.api(`${base}/${both}`);
    expect(seen.status).toBe(200);
    expect((seen.body as unknown as ContactBody).pipelines.map((p) => p.groupUID)).toEqual([
      t.pipelineUID,
    ]);
    expect((await member.api(`${base}/${nowhere}`)).status).toBe(200);

    // The owner sees both pipelines of the same contact.
    const owner = await t.client.api(`${base}/${both}`);
    expect((owner.body as unknown as ContactBody).pipelines).toHaveLength(2);
  });

  it('lets a member create, edit and move contacts, but not delete them', async () => {
    const { t, member } = await memberSetup();
    const next = await addStage(s, t.teamUID, t.pipelineUID, 'Next', 1);
    const created = await member.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ firstName: 'By', lastName: 'Member', pipelineUID: t.pipelineUID }),
    );
    expect(created.status).toBe(201);
    const gtid = (created.body as unknown as ContactBody).contact.GTID;
    expect(
      (await member.api(`/api/teams/${t.teamUID}/contacts/${gtid}`, patch({ lastName: 'M' })))
        .status,
    ).toBe(200);
    const moved = await member.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}/pipelines/${t.pipelineUID}/stage`,
      { method: 'PUT', body: JSON.stringify({ stageUID: next }) },
    );
    expect(moved.status).toBe(200);
    const del = await member.api(`/api/teams/${t.teamUID}/contacts/${gtid}`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(await countRows(s, 'contact', t.teamUID, gtid)).toBe(1);
  });
});

describe(`editing and deleting (${ENGINE})`, () => {
  it('edits fields, keeps a derived full name in step, and queues syncInfo', async () => {
    const t = await team();
    await addConnection(s, t.teamUID, 'webhooks', { syncInfo: true });
    const created = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ firstName: 'Ada', lastName: 'Byron' }),
    );
    const gtid = (created.body as unknown as ContactBody).contact.GTID;
    const outboxBefore = (await outboxRows(s, t.teamUID)).length;
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}`,
      patch({ lastName: 'Lovelace', phoneNumber: '+1 555 0100', emailAddress: null }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as ContactBody).contact).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      phoneNumber: '+1 555 0100',
      emailAddress: null,
    });
    const added = (await outboxRows(s, t.teamUID)).slice(outboxBefore);
    expect(added).toHaveLength(1);
    expect(added[0]!.payload).toMatchObject({
      integration: 'webhooks',
      change: 'info',
      leadData: { GTID: gtid, lastName: 'Lovelace' },
      changeData: { action: 'updated', fields: ['lastName', 'fullName', 'phoneNumber'] },
    });

    // A typed full name stays when the parts change.
    await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`, patch({ fullName: 'Countess' }));
    const again = await t.client.api(
      `/api/teams/${t.teamUID}/contacts/${gtid}`,
      patch({ firstName: 'Augusta' }),
    );
    expect((again.body as unknown as ContactBody).contact.fullName).toBe('Countess');
  });

  it('refuses an edit that would leave nothing to know the contact by, or a bad e-mail', async () => {
    const t = await team();
    const created = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ firstName: 'Only' }),
    );
    const gtid = (created.body as unknown as ContactBody).contact.GTID;
    const before = await teamFootprint(t.teamUID);
    for (const [body, field] of [
      [{ firstName: '' }, 'firstName'],
      [{ emailAddress: 'x@' }, 'emailAddress'],
      [{ pipelineUID: t.pipelineUID }, undefined],
    ] as const) {
      const res = await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`, patch(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect((res.body!.error as { field: string }).field).toBe(field);
    }
    expect(await teamFootprint(t.teamUID)).toEqual(before);
  });

  it('deletes a contact with everything of it, and logs the change', async () => {
    const t = await team();
    const created = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ firstName: 'Gone', pipelineUID: t.pipelineUID }),
    );
    const gtid = (created.body as unknown as ContactBody).contact.GTID;
    const set = await addTagSet(s, t.teamUID, 'Set', '#000000');
    const tagID = await addTag(s, t.teamUID, set, 'T');
    await tagContact(s, t.teamUID, gtid, { tagID, tagSetUID: set, name: 'T' });
    await addDeal(s, t.teamUID, gtid, t.pipelineUID, 'Deal', 10);
    await addAnswer(s, t.teamUID, gtid, t.pipelineUID, 'Q', 'A');
    const res = await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: gtid });
    for (const table of [
      'contact',
      'contact_pipeline',
      'stage_history',
      'activity',
      'deal',
      'answer',
      'contact_tag',
    ]) {
      expect(await countRows(s, table, t.teamUID, gtid), table).toBe(0);
    }
    const log = await changeLogRows(s, t.teamUID);
    expect(log.at(-1)).toMatchObject({ resource: 'contact', id: gtid, op: 'delete' });
    expect((await t.client.api(`/api/teams/${t.teamUID}/contacts/${gtid}`)).status).toBe(404);
  });
});

describe(`adding to and removing from pipelines (${ENGINE})`, () => {
  it('adds with activity pipeline/added, refuses a second add, removes with pipeline/removed', async () => {
    const t = await team();
    const second = await addPipeline(s, t.teamUID, 'Second');
    const next = await addStage(s, t.teamUID, second.pipelineUID, 'Warm', 1);
    const created = await t.client.api(
      `/api/teams/${t.teamUID}/contacts`,
      post({ firstName: 'Mover', pipelineUID: t.pipelineUID }),
    );
    const gtid = (created.body as unknown as ContactBody).contact.GTID;
    const base = `/api/teams/${t.teamUID}/contacts/${gtid}/pipelines`;

    const added = await t.client.api(
      base,
      post({ pipelineUID: second.pipelineUID, stageUID: next }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body!.pipeline).toMatchObject({
      groupUID: second.pipelineUID,
      nickName: 'Second',
      stageUID: next,
      stage: { name: 'Warm', idx: 1 },
      stagesHistory: [{ stageUID: next, name: 'Warm' }],
      deals: [],
      answers: [],
      tags: [],
    });
    const dup = await t.client.api(base, post({ pipelineUID: second.pipelineUID }));
    expect(dup.status).toBe(409);
    expect((dup.body!.error as { status: string }).status).toBe('already-exists');

    await addDeal(s, t.teamUID, gtid, second.pipelineUID, 'Deal', 10);
    const removed = await t.client.api(`${base}/${second.pipelineUID}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
    expect((await placementRows(s, t.teamUID, gtid)).map((p) => p.pipeline_uid)).toEqual([
      t.pipelineUID,
    ]);
    expect((await historyRows(s, t.teamUID, gtid)).map((h) => h.pipeline_uid)).toEqual([
      t.pipelineUID,
    ]);
    expect(await countRows(s, 'deal', t.teamUID, gtid)).toBe(0);
    const acts = (await activityRows(s, t.teamUID, gtid)).filter((a) => a.type === 'pipeline');
    expect(acts.map((a) => [a.action, a.pipeline_uid])).toEqual([
      ['added', t.pipelineUID],
      ['added', second.pipelineUID],
      ['removed', second.pipelineUID],
    ]);
    const again = await t.client.api(`${base}/${second.pipelineUID}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });
});
