import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addConnection, addPhase, addStage } from './fixtures.repo';

interface Stage {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  description: string;
  phase: string | null;
  idx: number;
  remoteID: string | null;
  count: number;
  placeholder: boolean;
}
interface PipelineAnswer {
  pipeline: {
    groupUID: string;
    nickName: string;
    isDefault: boolean;
    fbGroupURL: string | null;
    order: number;
    connections: string[];
  };
  stages: Stage[];
}

let s: TestServices;
let owner: { uid: string; teamUID: string; client: TestClient };
let member: TestClient;
let admin: TestClient;
let T: string;

beforeAll(async () => {
  s = await startTestServices();
  owner = await ownerWithTeam(s, 'setup-owner@example.com');
  T = `/api/teams/${owner.teamUID}`;
  const memberUID = await createUser(s, 'setup-member@example.com');
  await addMember(s, owner.teamUID, memberUID, 'member');
  member = await signIn(s, 'setup-member@example.com');
  const adminUID = await createUser(s, 'setup-admin@example.com');
  await addMember(s, owner.teamUID, adminUID, 'admin');
  admin = await signIn(s, 'setup-admin@example.com');
});
afterAll(() => s.cleanup());

const json = (method: string, body?: unknown): RequestInit =>
  body === undefined ? { method } : { method, body: JSON.stringify(body) };

async function count(query: ReturnType<typeof sql>) {
  const r = await s.database.db.execute<{ n: string }>(query);
  return Number(r.rows[0]!.n);
}
const pipelineCount = (teamUID: string) =>
  count(sql`SELECT count(*) AS n FROM pipeline WHERE team_uid = ${teamUID}`);
const changeCount = (teamUID: string) =>
  count(sql`SELECT count(*) AS n FROM change_log WHERE team_uid = ${teamUID}`);
async function changes(teamUID: string, since: number) {
  const r = await s.database.db.execute<{ resource: string; id: string; op: string }>(sql`
    SELECT resource, id, op FROM change_log WHERE team_uid = ${teamUID} ORDER BY seq OFFSET ${since}`);
  return r.rows;
}

async function createPipeline(client: TestClient, body: unknown) {
  return client.api(`${T}/pipelines`, json('POST', body));
}

describe(`pipeline setup API (${ENGINE})`, () => {
  it('creates a pipeline with the placeholder first, the given stages after it, and logs the changes', async () => {
    const before = await changeCount(owner.teamUID);
    const res = await createPipeline(owner.client, {
      nickName: 'Recruiting',
      fbGroupURL: 'https://facebook.com/groups/recruit',
      stages: [{ name: 'Lead' }, { name: 'Call', color: '#000080' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { pipeline, stages } = res.body as unknown as PipelineAnswer;
    expect(pipeline).toMatchObject({
      nickName: 'Recruiting',
      isDefault: true, // the team's first pipeline
      fbGroupURL: 'https://facebook.com/groups/recruit',
      connections: [],
    });
    expect(stages.map((st) => [st.name, st.idx, st.placeholder])).toEqual([
      ['Set Stage...', 0, true],
      ['Lead', 1, false],
      ['Call', 2, false],
    ]);
    expect(stages[0]!.fontColor).toBe('#FF0000');
    // Font colours default to core's readable text colour on the stage colour.
    expect(stages[1]!.fontColor).toBe('#000000');
    expect(stages[2]).toMatchObject({ color: '#000080', fontColor: '#FFFFFF' });
    const logged = await changes(owner.teamUID, before);
    expect(logged).toContainEqual({ resource: 'pipeline', id: pipeline.groupUID, op: 'insert' });
    expect(logged.filter((c) => c.resource === 'stage')).toHaveLength(3);

    const got = await member.api(`${T}/pipelines/${pipeline.groupUID}`);
    expect(got.status).toBe(404); // the member was not given this pipeline
    const byOwner = await owner.client.api(`${T}/pipelines/${pipeline.groupUID}`);
    expect(byOwner.body).toEqual(res.body);
  });

  it('gives every new pipeline the placeholder stage, and isDefault moves the default', async () => {
    const first = (await owner.client.api(`${T}/pipelines`)).body!.pipelines as {
      groupUID: string;
      isDefault: boolean;
    }[];
    const res = await createPipeline(admin, { nickName: 'Sales', isDefault: true });
    expect(res.status).toBe(201);
    const created = res.body as unknown as PipelineAnswer;
    expect(created.stages).toHaveLength(1);
    expect(created.stages[0]).toMatchObject({ name: 'Set Stage...', idx: 0, placeholder: true });
    const list = (await owner.client.api(`${T}/pipelines`)).body!.pipelines as {
      groupUID: string;
      isDefault: boolean;
      order: number;
    }[];
    expect(list.filter((p) => p.isDefault).map((p) => p.groupUID)).toEqual([
      created.pipeline.groupUID,
    ]);
    expect(list.at(-1)!.groupUID).toBe(created.pipeline.groupUID); // appended last
    expect(first.length + 1).toBe(list.length);

    // The default cannot be switched off, only moved.
    const off = await owner.client.api(
      `${T}/pipelines/${created.pipeline.groupUID}`,
      json('PATCH', { isDefault: false }),
    );
    expect(off.status).toBe(400);
    expect(off.body!.error).toMatchObject({ status: 'invalid-argument', field: 'isDefault' });
  });

  it('answers 429 with the plan message when the tier limit is reached, and writes nothing', async () => {
    const full = await ownerWithTeam(s, 'setup-full@example.com');
    for (let i = 0; i < 10; i++) await addPipeline(s, full.teamUID, `P${i}`);
    const before = await changeCount(full.teamUID);
    const res = await full.client.api(
      `/api/teams/${full.teamUID}/pipelines`,
      json('POST', { nickName: 'Eleventh' }),
    );
    expect(res.status).toBe(429);
    expect(res.body!.error).toEqual({
      status: 'resource-exhausted',
      message:
        'Your plan includes 10 pipelines and all are in use. Delete a pipeline or upgrade your plan.',
    });
    expect(await pipelineCount(full.teamUID)).toBe(10);
    expect(await changeCount(full.teamUID)).toBe(before);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const pipelinesBefore = await pipelineCount(owner.teamUID);
    const changesBefore = await changeCount(owner.teamUID);
    const cases: [string, RequestInit, string][] = [
      [`${T}/pipelines`, json('POST', { nickName: '  ' }), 'nickName'],
      [
        `${T}/pipelines`,
        json('POST', { nickName: 'X', stages: [{ name: 'A', color: 'red-ish' }] }),
        'stages.0.color',
      ],
      [`${T}/pipelines`, json('POST', { nickName: 'X', fbGroupURL: 'not a url' }), 'fbGroupURL'],
      [`${T}/pipelines`, json('POST', { nickName: 'X', surprise: 1 }), ''],
      [`${T}/phases`, json('POST', { name: 'P', color: '#GGGGGG' }), 'color'],
      [`${T}/questions`, json('POST', { question: 'Q?', kind: 'other' }), 'kind'],
      [`${T}/connections`, json('POST', { system: 'webhooks', status: 'on' }), 'status'],
      [
        `${T}/connections`,
        json('POST', { system: 'webhooks', usedInPipelines: ['nope'] }),
        'usedInPipelines.0',
      ],
    ];
    for (const [path, init, field] of cases) {
      const res = await owner.client.api(path, init);
      expect(res.status, `${path} ${String(init.body)}`).toBe(400);
      expect(res.body!.error).toMatchObject({ status: 'invalid-argument' });
      if (field) expect((res.body!.error as { field?: string }).field).toBe(field);
    }
    expect(await pipelineCount(owner.teamUID)).toBe(pipelinesBefore);
    expect(await changeCount(owner.teamUID)).toBe(changesBefore);
  });

  it('lets members read what they may see and answers 403 to their writes', async () => {
    const visible = await addPipeline(s, owner.teamUID, 'Shared');
    const hidden = await addPipeline(s, owner.teamUID, 'Hidden');
    const uid = await createUser(s, 'setup-limited@example.com');
    await addMember(s, owner.teamUID, uid, 'member', [visible.pipelineUID]);
    const limited = await signIn(s, 'setup-limited@example.com');

    expect((await limited.api(`${T}/pipelines/${visible.pipelineUID}`)).status).toBe(200);
    expect((await limited.api(`${T}/pipelines/${hidden.pipelineUID}`)).status).toBe(404);
    expect((await limited.api(`${T}/pipelines/${hidden.pipelineUID}/delete-impact`)).status).toBe(
      404,
    );
    expect((await limited.api(`${T}/phases`)).status).toBe(200);
    expect((await limited.api(`${T}/questions`)).status).toBe(200);
    // A write to a pipeline they cannot see is still "not found".
    const hiddenWrite = await limited.api(
      `${T}/pipelines/${hidden.pipelineUID}`,
      json('PATCH', { nickName: 'Mine' }),
    );
    expect(hiddenWrite.status).toBe(404);

    const before = await changeCount(owner.teamUID);
    const writes: [string, RequestInit][] = [
      [`${T}/pipelines`, json('POST', { nickName: 'By member' })],
      [`${T}/pipelines/${visible.pipelineUID}`, json('PATCH', { nickName: 'Renamed' })],
      [`${T}/pipelines/${visible.pipelineUID}`, json('DELETE')],
      [`${T}/pipelines/${visible.pipelineUID}/stages`, json('POST', { name: 'New' })],
      [
        `${T}/pipelines/${visible.pipelineUID}/stages/${visible.stageUID}`,
        json('PATCH', { description: 'x' }),
      ],
      [`${T}/pipelines-order`, json('PUT', { order: [] })],
      [`${T}/phases`, json('POST', { name: 'Phase' })],
      [`${T}/questions`, json('POST', { question: 'Why?', kind: 'live' })],
      [`${T}/connections`, json('GET')],
      [`${T}/connections`, json('POST', { system: 'webhooks' })],
    ];
    for (const [path, init] of writes) {
      const res = await limited.api(path, init);
      expect(res.status, `${init.method} ${path}`).toBe(403);
      expect((res.body!.error as { status: string }).status).toBe('permission-denied');
    }
    expect(await changeCount(owner.teamUID)).toBe(before);
  });

  it('moves a deleted stage’s contacts to the placeholder (or moveTo), each with a stage activity', async () => {
    const { pipelineUID, stageUID: placeholder } = await addPipeline(s, owner.teamUID, 'Moves');
    const doomed = await addStage(s, owner.teamUID, pipelineUID, 'Doomed', 1);
    const target = await addStage(s, owner.teamUID, pipelineUID, 'Target', 2);
    const gone = await addStage(s, owner.teamUID, pipelineUID, 'Gone', 3);
    const inDoomed = await addContacts(s, owner.teamUID, 3, [{ pipelineUID, stageUID: doomed }]);
    await addContacts(s, owner.teamUID, 1, [{ pipelineUID, stageUID: placeholder }]);
    const inGone = await addContacts(s, owner.teamUID, 2, [{ pipelineUID, stageUID: gone }]);
    const base = `${T}/pipelines/${pipelineUID}`;

    // Bad moveTo: 400, nothing moved.
    for (const moveTo of ['missing', doomed]) {
      const bad = await owner.client.api(
        `${base}/stages/${doomed}?moveTo=${moveTo}`,
        json('DELETE'),
      );
      expect(bad.status).toBe(400);
      expect((bad.body!.error as { field: string }).field).toBe('moveTo');
    }
    const placeholderDelete = await owner.client.api(
      `${base}/stages/${placeholder}`,
      json('DELETE'),
    );
    expect(placeholderDelete.status).toBe(400);

    const res = await owner.client.api(`${base}/stages/${doomed}`, json('DELETE'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ moved: 3 });
    const stages = ((await owner.client.api(base)).body as unknown as PipelineAnswer).stages;
    expect(stages.map((st) => [st.name, st.count])).toEqual([
      ['Set Stage...', 4],
      ['Target', 0],
      ['Gone', 2],
    ]);
    const acts = await s.database.db.execute<{
      gtid: string;
      data: { from: string; to: string };
    }>(sql`
      SELECT gtid, data FROM activity WHERE team_uid = ${owner.teamUID} AND type = 'stage'
        AND pipeline_uid = ${pipelineUID}`);
    expect(acts.rows.map((a) => a.gtid).sort()).toEqual([...inDoomed].sort());
    for (const a of acts.rows) expect(a.data).toMatchObject({ from: doomed, to: placeholder });
    // Every card of the placeholder keeps a distinct position (the moved ones go last).
    const positions = await s.database.db.execute<{ position: string }>(sql`
      SELECT position FROM contact_pipeline WHERE team_uid = ${owner.teamUID}
        AND pipeline_uid = ${pipelineUID} AND stage_uid = ${placeholder}`);
    expect(new Set(positions.rows.map((p) => p.position)).size).toBe(4);

    const moved = await owner.client.api(`${base}/stages/${gone}?moveTo=${target}`, json('DELETE'));
    expect(moved.body).toEqual({ moved: 2 });
    const placed = await s.database.db.execute<{ gtid: string }>(sql`
      SELECT gtid FROM contact_pipeline WHERE team_uid = ${owner.teamUID} AND stage_uid = ${target}`);
    expect(placed.rows.map((r) => r.gtid).sort()).toEqual([...inGone].sort());
    expect(
      await count(sql`SELECT count(*) AS n FROM stage WHERE team_uid = ${owner.teamUID}
        AND stage_uid IN (${doomed}, ${gone})`),
    ).toBe(0);
  });

  it('adds, edits and orders stages; the placeholder stays first and takes only a description', async () => {
    const created = (await createPipeline(owner.client, { nickName: 'Order' }))
      .body as unknown as PipelineAnswer;
    const base = `${T}/pipelines/${created.pipeline.groupUID}`;
    const placeholder = created.stages[0]!.stageUID;
    const phaseUID = await addPhase(s, owner.teamUID, 'Closing');
    const a = (await owner.client.api(`${base}/stages`, json('POST', { name: 'A' }))).body!
      .stage as Stage;
    const b = await owner.client.api(
      `${base}/stages`,
      json('POST', { name: 'B', color: '#000000', phase: phaseUID, remoteID: 42 }),
    );
    expect(b.status).toBe(201);
    expect(b.body!.stage).toMatchObject({
      idx: 2,
      fontColor: '#FFFFFF',
      phase: phaseUID,
      remoteID: '42',
    });
    const bUID = (b.body!.stage as Stage).stageUID;
    expect(a).toMatchObject({ idx: 1, color: '#E9ECEF', fontColor: '#000000', placeholder: false });

    const badPhase = await owner.client.api(
      `${base}/stages/${a.stageUID}`,
      json('PATCH', { phase: 'nope' }),
    );
    expect((badPhase.body!.error as { field: string }).field).toBe('phase');
    const edit = await owner.client.api(
      `${base}/stages/${a.stageUID}`,
      json('PATCH', { name: 'A2', color: '#FFFF00', description: 'First call' }),
    );
    expect(edit.body!.stage).toMatchObject({
      name: 'A2',
      fontColor: '#000000',
      description: 'First call',
    });

    const renamePlaceholder = await owner.client.api(
      `${base}/stages/${placeholder}`,
      json('PATCH', { name: 'Mine' }),
    );
    expect(renamePlaceholder.status).toBe(400);
    expect((renamePlaceholder.body!.error as { field: string }).field).toBe('name');
    const describePlaceholder = await owner.client.api(
      `${base}/stages/${placeholder}`,
      json('PATCH', { description: 'New contacts land here' }),
    );
    expect(describePlaceholder.status).toBe(200);

    for (const order of [[bUID], [bUID, a.stageUID, placeholder], [bUID, bUID]]) {
      const bad = await owner.client.api(`${base}/stages-order`, json('PUT', { order }));
      expect(bad.status, JSON.stringify(order)).toBe(400);
    }
    const ordered = await owner.client.api(
      `${base}/stages-order`,
      json('PUT', { order: [bUID, a.stageUID] }),
    );
    expect((ordered.body!.stages as Stage[]).map((st) => [st.name, st.idx])).toEqual([
      ['Set Stage...', 0],
      ['B', 1],
      ['A2', 2],
    ]);
  });

  it('orders pipelines: every one exactly once, else 400', async () => {
    const list = async () =>
      ((await owner.client.api(`${T}/pipelines`)).body!.pipelines as { groupUID: string }[]).map(
        (p) => p.groupUID,
      );
    const current = await list();
    const reversed = [...current].reverse();
    for (const order of [current.slice(1), [...current, current[0]], [...current.slice(1), 'x']]) {
      const bad = await owner.client.api(`${T}/pipelines-order`, json('PUT', { order }));
      expect(bad.status).toBe(400);
    }
    expect(await list()).toEqual(current);
    const res = await owner.client.api(`${T}/pipelines-order`, json('PUT', { order: reversed }));
    expect(res.status).toBe(200);
    expect((res.body!.pipelines as { groupUID: string }[]).map((p) => p.groupUID)).toEqual(
      reversed,
    );
    expect(await list()).toEqual(reversed);
  });

  it('deletes a pipeline: impact first, contacts stay in the team, the default passes on', async () => {
    const team = await ownerWithTeam(s, 'setup-delete@example.com');
    const base = `/api/teams/${team.teamUID}`;
    const first = (
      await team.client.api(
        `${base}/pipelines`,
        json('POST', { nickName: 'First', stages: [{ name: 'S1' }] }),
      )
    ).body as unknown as PipelineAnswer;
    const second = (
      await team.client.api(`${base}/pipelines`, json('POST', { nickName: 'Second' }))
    ).body as unknown as PipelineAnswer;
    expect(first.pipeline.isDefault).toBe(true);
    expect(second.pipeline.isDefault).toBe(false);
    const gtids = await addContacts(s, team.teamUID, 3, [
      { pipelineUID: first.pipeline.groupUID, stageUID: first.stages[1]!.stageUID },
    ]);
    await s.database.db.execute(sql`
      INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name)
      VALUES (${team.teamUID}, 'deal-1', ${gtids[0]!}, ${first.pipeline.groupUID}, 'Deal')`);
    await s.database.db.execute(sql`
      INSERT INTO tag_set (team_uid, tag_set_uid, pipeline_uid, name, color)
      VALUES (${team.teamUID}, 'set-1', ${first.pipeline.groupUID}, 'Set', '#1C7EBB')`);
    const conn = await addConnection(s, team.teamUID, 'webhooks', [first.pipeline.groupUID]);

    const impact = await team.client.api(
      `${base}/pipelines/${first.pipeline.groupUID}/delete-impact`,
    );
    expect(impact.body).toEqual({ stages: 1, contacts: 3, tagSets: 1, deals: 1 });
    const res = await team.client.api(
      `${base}/pipelines/${first.pipeline.groupUID}`,
      json('DELETE'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: { stages: 1, contacts: 3, tagSets: 1, deals: 1 } });

    expect(
      await count(sql`SELECT count(*) AS n FROM contact WHERE team_uid = ${team.teamUID}`),
    ).toBe(3);
    expect(
      await count(sql`SELECT count(*) AS n FROM contact_pipeline WHERE team_uid = ${team.teamUID}`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM deal WHERE team_uid = ${team.teamUID}`)).toBe(
      0,
    );
    const left = (await team.client.api(`${base}/pipelines`)).body!.pipelines as {
      groupUID: string;
      isDefault: boolean;
    }[];
    expect(left).toEqual([
      expect.objectContaining({ groupUID: second.pipeline.groupUID, isDefault: true }),
    ]);
    const connections = (await team.client.api(`${base}/connections`)).body!.connections as {
      connectionUID: string;
      usedInPipelines: string[];
    }[];
    expect(connections).toEqual([
      expect.objectContaining({ connectionUID: conn, usedInPipelines: [] }),
    ]);
    expect((await team.client.api(`${base}/pipelines/${first.pipeline.groupUID}`)).status).toBe(
      404,
    );
  });

  it('sets the connections a pipeline syncs to; connections never show their settings', async () => {
    const { pipelineUID } = await addPipeline(s, owner.teamUID, 'Synced');
    const hooks = await addConnection(s, owner.teamUID, 'webhooks');
    const ghl = await addConnection(s, owner.teamUID, 'gohighlevel', [pipelineUID]);
    const res = await owner.client.api(
      `${T}/pipelines/${pipelineUID}`,
      json('PATCH', { connections: [hooks] }),
    );
    expect(res.status).toBe(200);
    expect((res.body as unknown as PipelineAnswer).pipeline.connections).toEqual([hooks]);
    const list = await owner.client.api(`${T}/connections`);
    const byUID = Object.fromEntries(
      (list.body!.connections as { connectionUID: string; usedInPipelines: string[] }[]).map(
        (c) => [c.connectionUID, c],
      ),
    );
    expect(byUID[hooks]!.usedInPipelines).toContain(pipelineUID);
    expect(byUID[ghl]!.usedInPipelines).not.toContain(pipelineUID);
    expect(JSON.stringify(list.body)).not.toContain('secret-key');
    expect(Object.keys(byUID[hooks]!)).not.toContain('settings');

    const unknown = await owner.client.api(
      `${T}/pipelines/${pipelineUID}`,
      json('PATCH', { connections: ['nope'] }),
    );
    expect(unknown.status).toBe(400);
    expect((unknown.body!.error as { field: string }).field).toBe('connections.0');

    // Connection CRUD.
    const created = await owner.client.api(
      `${T}/connections`,
      json('POST', { system: 'GSheet', syncPeriod: 5, options: { syncStages: true } }),
    );
    expect(created.status).toBe(201);
    const c = created.body!.connection as { connectionUID: string };
    expect(created.body!.connection).toMatchObject({
      system: 'gsheet',
      status: 'active',
      syncPeriod: 5,
      isPaused: false,
    });
    const patched = await owner.client.api(
      `${T}/connections/${c.connectionUID}`,
      json('PATCH', { isPaused: true }),
    );
    expect(patched.body!.connection).toMatchObject({ isPaused: true, syncPeriod: 5 });
    expect(
      (await owner.client.api(`${T}/connections/${c.connectionUID}`, json('DELETE'))).body,
    ).toEqual({ deleted: true });
    expect(
      (await owner.client.api(`${T}/connections/${c.connectionUID}`, json('DELETE'))).status,
    ).toBe(404);
  });

  it('keeps team phases: add, rename, order, delete clears them from stages; team-data lists them', async () => {
    const team = await ownerWithTeam(s, 'setup-phases@example.com');
    const base = `/api/teams/${team.teamUID}`;
    const one = (await team.client.api(`${base}/phases`, json('POST', { name: 'Prospecting' })))
      .body!.phase as { phaseUID: string; color: string; order: number };
    const two = (
      await team.client.api(`${base}/phases`, json('POST', { name: 'Closing', color: '#2F9E44' }))
    ).body!.phase as { phaseUID: string };
    expect(one).toMatchObject({ color: '#868E96', order: 0 });
    const renamed = await team.client.api(
      `${base}/phases/${one.phaseUID}`,
      json('PATCH', { name: 'Finding' }),
    );
    expect(renamed.body!.phase).toMatchObject({ name: 'Finding' });
    const ordered = await team.client.api(
      `${base}/phases-order`,
      json('PUT', { order: [two.phaseUID, one.phaseUID] }),
    );
    expect((ordered.body!.phases as { name: string }[]).map((p) => p.name)).toEqual([
      'Closing',
      'Finding',
    ]);
    const teamData = await team.client.api(`${base}/team-data`);
    expect((teamData.body!.phases as { name: string }[]).map((p) => p.name)).toEqual([
      'Closing',
      'Finding',
    ]);

    const p = (
      await team.client.api(
        `${base}/pipelines`,
        json('POST', { nickName: 'P', stages: [{ name: 'S' }] }),
      )
    ).body as unknown as PipelineAnswer;
    const stageUID = p.stages[1]!.stageUID;
    await team.client.api(
      `${base}/pipelines/${p.pipeline.groupUID}/stages/${stageUID}`,
      json('PATCH', { phase: two.phaseUID }),
    );
    expect((await team.client.api(`${base}/phases/${two.phaseUID}`, json('DELETE'))).body).toEqual({
      deleted: true,
    });
    const after = (await team.client.api(`${base}/pipelines/${p.pipeline.groupUID}`))
      .body as unknown as PipelineAnswer;
    expect(after.stages[1]!.phase).toBeNull();
    expect((await team.client.api(`${base}/phases`)).body!.phases).toHaveLength(1);
  });

  it('keeps membership questions and test questions as two ordered lists', async () => {
    const team = await ownerWithTeam(s, 'setup-questions@example.com');
    const base = `/api/teams/${team.teamUID}`;
    const add = async (question: string, kind: string) =>
      (await team.client.api(`${base}/questions`, json('POST', { question, kind }))).body!
        .question as { questionUID: string };
    const q1 = await add('Where do you live?', 'live');
    const q2 = await add('What is your goal?', 'live');
    await add('Test one?', 'test');
    const lists = await team.client.api(`${base}/questions`);
    expect((lists.body!.questions as { question: string }[]).map((q) => q.question)).toEqual([
      'Where do you live?',
      'What is your goal?',
    ]);
    expect(lists.body!.testQuestions).toHaveLength(1);
    const ordered = await team.client.api(
      `${base}/questions-order`,
      json('PUT', { kind: 'live', order: [q2.questionUID, q1.questionUID] }),
    );
    expect(
      (ordered.body!.questions as { questionUID: string }[]).map((q) => q.questionUID),
    ).toEqual([q2.questionUID, q1.questionUID]);
    const wrongList = await team.client.api(
      `${base}/questions-order`,
      json('PUT', { kind: 'test', order: [q2.questionUID, q1.questionUID] }),
    );
    expect(wrongList.status).toBe(400);
    const edited = await team.client.api(
      `${base}/questions/${q1.questionUID}`,
      json('PATCH', { question: 'City?', kind: 'test' }),
    );
    expect(edited.body!.question).toMatchObject({ question: 'City?', kind: 'test', order: 1 });
    expect(
      (await team.client.api(`${base}/questions/${q2.questionUID}`, json('DELETE'))).body,
    ).toEqual({ deleted: true });
    const final = await team.client.api(`${base}/questions`);
    expect(final.body!.questions).toEqual([]);
    expect((final.body!.testQuestions as { question: string }[]).map((q) => q.question)).toEqual([
      'Test one?',
      'City?',
    ]);
  });
});
