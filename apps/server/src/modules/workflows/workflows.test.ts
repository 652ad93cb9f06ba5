import type { WorkflowDefinition, WorkflowRecord, WorkflowSummary } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { addContacts, ownerWithTeam, PLAN } from '../../test/team-fixtures';
import { changeLogOf, contactWorld, type ContactWorld } from '../contact-parts/test-helpers';
import { NOTE_ON_NEW_CONTACT } from './isolation.fixtures';

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'wf');
});
afterAll(() => s.cleanup());

const api = (
  client: TestClient,
  path: string,
  method = 'GET',
  body?: unknown,
  teamUID = w.teamUID,
) =>
  client.api(`/api/teams/${teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const owner = () => w.owner.client;

const rows = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await s.database.pool.query(text, values)).rows as T[];

/** Every workflow row of the team, for "nothing changed". */
const snapshot = async () => ({
  workflows: await rows(
    'SELECT workflow_id, name, status, version, live_version FROM workflow WHERE team_uid = $1 ORDER BY workflow_id',
    [w.teamUID],
  ),
  versions: await rows(
    'SELECT workflow_id, version, definition FROM workflow_version WHERE team_uid = $1 ORDER BY workflow_id, version',
    [w.teamUID],
  ),
  triggers: await rows('SELECT * FROM workflow_trigger WHERE team_uid = $1 ORDER BY workflow_id', [
    w.teamUID,
  ]),
});

const mirrorOf = async (workflowId: string) =>
  (
    await rows<{
      trigger_type: string;
      resource: unknown;
      pipeline_uid: string | null;
      stage_uid: string | null;
      tag_id: string | null;
    }>(
      'SELECT trigger_type, resource, pipeline_uid, stage_uid, tag_id FROM workflow_trigger WHERE team_uid = $1 AND workflow_id = $2',
      [w.teamUID, workflowId],
    )
  )[0] ?? null;

/** "Reaches Qualified ⇒ tag Hot, a task for the owner due tomorrow, then stop." */
const qualified = (toStageUID: string): WorkflowDefinition => ({
  rootStepId: 't',
  steps: {
    t: {
      type: 'trigger',
      triggerType: 'stageChanged',
      resource: { pipelineUID: w.p1.pipelineUID, toStageUID },
      next: 'tag',
    },
    tag: { type: 'action', action: 'addTags', params: { tagIDs: ['Hot'] }, next: 'task' },
    task: {
      type: 'action',
      action: 'createTask',
      params: { name: 'Call', assignee: { kind: 'contactOwner' }, dueInDays: 1 },
      next: 'end',
    },
    end: { type: 'stop' },
  },
});

async function create(name: string, definition?: WorkflowDefinition) {
  const res = await api(owner(), '/workflows', 'POST', { name, definition });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.workflow as WorkflowRecord;
}

const life = (id: string, action: 'publish' | 'pause' | 'resume', client = owner()) =>
  api(client, `/workflows/${id}/${action}`, 'POST');

describe(`workflows (${ENGINE})`, () => {
  it('creates a draft; members read the list and the workflow, and get 403 on every write', async () => {
    const draft = await create('Welcome');
    expect(draft).toMatchObject({
      name: 'Welcome',
      status: 'draft',
      version: 1,
      liveVersion: null,
      definition: {
        rootStepId: 'trigger',
        steps: { trigger: { type: 'trigger', triggerType: null, resource: null, next: null } },
      },
    });
    const list = await api(w.member, '/workflows');
    expect(list.status).toBe(200);
    expect(list.body!.workflows as WorkflowSummary[]).toContainEqual(
      expect.objectContaining({
        workflowId: draft.workflowId,
        status: 'draft',
        triggerType: null,
        runsToday: 0,
        lastError: null,
      }),
    );
    expect((await api(w.member, `/workflows/${draft.workflowId}`)).status).toBe(200);

    const before = await snapshot();
    const id = draft.workflowId;
    for (const [path, method, body] of [
      ['/workflows', 'POST', { name: 'Mine' }],
      [`/workflows/${id}`, 'PATCH', { name: 'Mine' }],
      [`/workflows/${id}/publish`, 'POST', undefined],
      [`/workflows/${id}`, 'DELETE', undefined],
    ] as const) {
      expect((await api(w.member, path, method, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 to a definition of the wrong shape and changes nothing', async () => {
    const draft = await create('Shapes');
    const before = await snapshot();
    const firstNotTrigger = {
      rootStepId: 'a',
      steps: { a: { type: 'action', action: 'addNote', params: { text: 'x' }, next: null } },
    };
    const unknownAction = {
      rootStepId: 't',
      steps: {
        t: { type: 'trigger', triggerType: null, resource: null, next: 'a' },
        a: { type: 'action', action: 'launchRocket', params: {}, next: null },
      },
    };
    const filterOutsideTheLanguage = {
      rootStepId: 't',
      steps: {
        t: { type: 'trigger', triggerType: null, resource: null, next: 'c' },
        c: { type: 'condition', filter: { mood: 'happy' }, then: null, else: null },
      },
    };
    for (const definition of [firstNotTrigger, unknownAction, filterOutsideTheLanguage]) {
      const res = await api(owner(), '/workflows', 'POST', { name: 'Bad', definition });
      expect(res.status, JSON.stringify(definition)).toBe(400);
      const patch = await api(owner(), `/workflows/${draft.workflowId}`, 'PATCH', { definition });
      expect(patch.status).toBe(400);
    }
    expect((await api(owner(), `/workflows/${draft.workflowId}`, 'PATCH', {})).status).toBe(400);
    expect((await api(owner(), '/workflows', 'POST', { name: '' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to publish an unfinished workflow, saying what is missing, and mirrors nothing', async () => {
    const def = qualified(w.p1.stageUID);
    const unfinished: WorkflowDefinition = {
      ...def,
      steps: {
        ...def.steps,
        t: { type: 'trigger', triggerType: null, resource: null, next: 'tag' },
        tag: { type: 'action', action: 'addTags', params: {}, next: 'wait' },
        wait: {
          type: 'wait',
          wait: { kind: 'event', event: 'replyReceived', timeout: null, timeoutNext: null },
          next: 'task',
        },
      },
    };
    const draft = await create('Unfinished', unfinished);
    const before = await snapshot();
    const res = await life(draft.workflowId, 'publish');
    expect(res.status).toBe(400);
    const error = res.body!.error as { message: string; field: string };
    expect(error.field).toBe('definition.steps.t');
    expect(error.message).toContain('Choose what starts the workflow');
    expect(error.message).toContain('The “Add tags” step needs at least one tag.');
    expect(error.message).toContain('waits for an event with no timeout');
    expect(await snapshot()).toEqual(before);
    expect(await mirrorOf(draft.workflowId)).toBeNull();
  });

  it('publishes: active, live version 1, mirrored in the triggers index, recorded in the change log', async () => {
    const draft = await create('Qualified', qualified(w.p1.stageUID));
    // A draft's edits stay in place: still one version.
    const renamed = await api(owner(), `/workflows/${draft.workflowId}`, 'PATCH', {
      name: 'Qualified leads',
      definition: qualified(w.p1.stageUID),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body!.workflow).toMatchObject({ version: 1, liveVersion: null });
    expect(await mirrorOf(draft.workflowId)).toBeNull();

    const res = await life(draft.workflowId, 'publish');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body!.workflow).toMatchObject({
      name: 'Qualified leads',
      status: 'active',
      version: 1,
      liveVersion: 1,
    });
    expect(await mirrorOf(draft.workflowId)).toEqual({
      trigger_type: 'stageChanged',
      resource: { pipelineUID: w.p1.pipelineUID, toStageUID: w.p1.stageUID },
      pipeline_uid: w.p1.pipelineUID,
      stage_uid: w.p1.stageUID,
      tag_id: null,
    });
    const log = await changeLogOf(s, w.teamUID);
    expect(log.filter((e) => e.id === draft.workflowId).map((e) => e.op)).toEqual([
      'insert',
      'update',
      'update',
    ]);
    expect(log.find((e) => e.id === draft.workflowId)!.resource).toBe('workflow');
    const list = await api(w.member, '/workflows');
    expect(list.body!.workflows as WorkflowSummary[]).toContainEqual(
      expect.objectContaining({
        workflowId: draft.workflowId,
        status: 'active',
        triggerType: 'stageChanged',
      }),
    );
  });

  it('versions a live workflow on edit (the old version stays as it was) and moves its mirror', async () => {
    const wf = await create('Versioned', qualified(w.p1.stageUID));
    expect((await life(wf.workflowId, 'publish')).status).toBe(200);
    const other = 'another-stage';
    const res = await api(owner(), `/workflows/${wf.workflowId}`, 'PATCH', {
      definition: qualified(other),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body!.workflow).toMatchObject({ status: 'active', version: 2, liveVersion: 2 });
    const versions = await rows<{ version: number; definition: WorkflowDefinition }>(
      'SELECT version, definition FROM workflow_version WHERE team_uid = $1 AND workflow_id = $2 ORDER BY version',
      [w.teamUID, wf.workflowId],
    );
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[0]!.definition).toEqual(qualified(w.p1.stageUID));
    expect((await mirrorOf(wf.workflowId))!.stage_uid).toBe(other);

    // An edit that would not pass the publish check does not reach a live workflow.
    const before = await snapshot();
    const broken = qualified(other);
    const bad = await api(owner(), `/workflows/${wf.workflowId}`, 'PATCH', {
      definition: {
        ...broken,
        steps: { ...broken.steps, tag: { ...broken.steps.tag, next: 'gone' } },
      },
    });
    expect(bad.status).toBe(400);
    expect((bad.body!.error as { message: string }).message).toContain('does not exist');
    expect(await snapshot()).toEqual(before);
  });

  it('pausing removes the mirror, resuming puts it back, deleting removes everything', async () => {
    const wf = await create('Welcome note', NOTE_ON_NEW_CONTACT);
    expect((await life(wf.workflowId, 'pause')).status).toBe(400);
    expect((await life(wf.workflowId, 'publish')).status).toBe(200);
    expect((await mirrorOf(wf.workflowId))!.trigger_type).toBe('manual');
    const paused = await life(wf.workflowId, 'pause');
    expect(paused.body!.workflow).toMatchObject({ status: 'paused' });
    expect(await mirrorOf(wf.workflowId)).toBeNull();
    expect((await life(wf.workflowId, 'pause')).status).toBe(400);
    expect((await life(wf.workflowId, 'resume')).body!.workflow).toMatchObject({
      status: 'active',
    });
    expect(await mirrorOf(wf.workflowId)).not.toBeNull();

    const del = await api(owner(), `/workflows/${wf.workflowId}`, 'DELETE');
    expect(del.status).toBe(200);
    expect(await mirrorOf(wf.workflowId)).toBeNull();
    expect(
      await rows('SELECT 1 FROM workflow_version WHERE team_uid = $1 AND workflow_id = $2', [
        w.teamUID,
        wf.workflowId,
      ]),
    ).toEqual([]);
    expect((await api(owner(), `/workflows/${wf.workflowId}`)).status).toBe(404);
  });

  it('answers 404 for another team’s workflow and changes nothing', async () => {
    const wf = await create('Ours', NOTE_ON_NEW_CONTACT);
    const before = await snapshot();
    const stranger = w.other.client;
    const id = wf.workflowId;
    // Through the stranger's own team: the workflow is not theirs.
    for (const [path, method, body] of [
      [`/workflows/${id}`, 'GET', undefined],
      [`/workflows/${id}`, 'PATCH', { name: 'Theirs' }],
      [`/workflows/${id}/publish`, 'POST', undefined],
      [`/workflows/${id}/pause`, 'POST', undefined],
      [`/workflows/${id}/resume`, 'POST', undefined],
      [`/workflows/${id}`, 'DELETE', undefined],
    ] as const) {
      const res = await api(stranger, path, method, body, w.other.teamUID);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('counts runs started today and shows the last error from the run table', async () => {
    const wf = await create('With runs', NOTE_ON_NEW_CONTACT);
    expect((await life(wf.workflowId, 'publish')).status).toBe(200);
    const [gtid] = await addContacts(s, w.teamUID, 1);
    const now = s.clock.now();
    const insertRun = (runId: string, startedAt: number, state: string, lastError: string | null) =>
      rows(
        `INSERT INTO workflow_run (team_uid, run_id, workflow_id, version, gtid, state, started_at, last_error)
         VALUES ($1, $2, $3, 1, $4, $5, $6, $7)`,
        [w.teamUID, runId, wf.workflowId, gtid, state, new Date(startedAt), lastError],
      );
    const midnight = now - (now % 86_400_000);
    await insertRun('r-old', midnight - 60_000, 'failed', 'The template was deleted');
    await insertRun('r-today', midnight + 1, 'completed', null);
    const list = await api(owner(), '/workflows');
    expect(list.body!.workflows as WorkflowSummary[]).toContainEqual(
      expect.objectContaining({
        workflowId: wf.workflowId,
        runsToday: 1,
        lastError: 'The template was deleted',
      }),
    );
  });

  it('holds the plan’s cap of active workflows (basic: 3) with the quota error', async () => {
    const capped = await ownerWithTeam(s, 'wf-basic@example.com', {
      ...PLAN,
      tier: { value: 1, name: 'basic' },
    });
    const make = async () => {
      const res = await api(
        capped.client,
        '/workflows',
        'POST',
        {
          name: 'Note',
          definition: NOTE_ON_NEW_CONTACT,
        },
        capped.teamUID,
      );
      return (res.body!.workflow as WorkflowRecord).workflowId;
    };
    const publish = (id: string) =>
      api(capped.client, `/workflows/${id}/publish`, 'POST', undefined, capped.teamUID);
    const ids = [await make(), await make(), await make(), await make()];
    for (const id of ids.slice(0, 3)) expect((await publish(id)).status).toBe(200);
    const over = await publish(ids[3]!);
    expect(over.status).toBe(429);
    expect(over.body!.error).toMatchObject({
      status: 'resource-exhausted',
      message: expect.stringContaining('3 active workflows'),
    });
    // Publishing one already active again does not count it twice.
    expect((await publish(ids[0]!)).status).toBe(200);
    // A paused one frees its place.
    expect(
      (await api(capped.client, `/workflows/${ids[0]}/pause`, 'POST', undefined, capped.teamUID))
        .status,
    ).toBe(200);
    expect((await publish(ids[3]!)).status).toBe(200);
    expect(
      (await api(capped.client, `/workflows/${ids[0]}/resume`, 'POST', undefined, capped.teamUID))
        .status,
    ).toBe(429);
  });
});
