import { newPushId, type WorkflowDefinition, type WorkflowTriggerPayload } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { createLogger } from '../../logger';
import { addContacts } from '../../test/team-fixtures';
import { addTag, addTagSet } from '../../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { contactWorld, type ContactWorld } from '../contact-parts/test-helpers';
import { advanceRuns, takeEvent } from './runs';

let s: TestServices;
let w: ContactWorld;
let nurture: string;
let qualified: string;
let hot: string;

const DAY = 86_400_000;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'runs');
  qualified = newPushId();
  nurture = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx) VALUES
      (${w.teamUID}, ${qualified}, ${w.p1.pipelineUID}, 'Qualified', '#fff', '#000', 1),
      (${w.teamUID}, ${nurture}, ${w.p1.pipelineUID}, 'Nurture', '#fff', '#000', 2)`);
  const set = await addTagSet(s, w.teamUID, 'Temperature', '#ff0000');
  hot = await addTag(s, w.teamUID, set, 'Hot');
});
afterAll(() => s.cleanup());

const api = (path: string, method = 'GET', body?: unknown) =>
  w.owner.client.api(`/api/teams/${w.teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const rows = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await s.database.pool.query(text, values)).rows as T[];

/** "Reaches Qualified ⇒ tag Hot; wait 3 days for a reply; if none comes, move to Nurture." */
const definition = (): WorkflowDefinition => ({
  rootStepId: 't',
  steps: {
    t: {
      type: 'trigger',
      triggerType: 'stageChanged',
      resource: { pipelineUID: w.p1.pipelineUID, toStageUID: qualified },
      next: 'tag',
    },
    tag: { type: 'action', action: 'addTags', params: { tagIDs: [hot] }, next: 'wait' },
    wait: {
      type: 'wait',
      wait: {
        kind: 'event',
        event: 'replyReceived',
        timeout: { amount: 3, unit: 'days' },
        timeoutNext: 'move',
      },
      next: null,
    },
    move: {
      type: 'action',
      action: 'moveToStage',
      params: { pipelineUID: w.p1.pipelineUID, stageUID: nurture },
      next: null,
    },
  },
});

/** Workflows published by the tests before: each test pauses them, so only its own runs. */
const published: string[] = [];

async function publish(def: WorkflowDefinition) {
  for (const earlier of published.splice(0)) {
    expect((await api(`/workflows/${earlier}/pause`, 'POST')).status).toBe(200);
  }
  const created = await api('/workflows', 'POST', { name: `W ${newPushId()}`, definition: def });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body!.workflow as { workflowId: string }).workflowId;
  const publishing = await api(`/workflows/${id}/publish`, 'POST');
  expect(publishing.status, JSON.stringify(publishing.body)).toBe(200);
  published.push(id);
  return id;
}

const stageChanged = (gtid: string): WorkflowTriggerPayload => ({
  trigger: 'stageChanged',
  GTID: gtid,
  pipelineUID: w.p1.pipelineUID,
  byUID: w.owner.uid,
  data: { from: w.p1.stageUID, to: qualified },
});

const deliver = (source: string, event: WorkflowTriggerPayload) =>
  withTx(s.database, systemScope('test'), (tx) => takeEvent(tx, w.teamUID, source, event));

async function drain() {
  let claimed = 0;
  for (let i = 0; i < 20; i++) {
    const n = await advanceRuns(s.database, createLogger('silent'));
    if (n === 0) return claimed;
    claimed += n;
  }
  throw new Error('runs did not settle');
}

const runsOf = (workflowId: string) =>
  rows<{ gtid: string; state: string; cursor_step_id: string | null; moves: number }>(
    'SELECT gtid, state, cursor_step_id, moves FROM workflow_run WHERE team_uid = $1 AND workflow_id = $2 ORDER BY gtid',
    [w.teamUID, workflowId],
  );
const stageOf = async (gtid: string) =>
  (
    await rows<{ stage_uid: string }>(
      'SELECT stage_uid FROM contact_pipeline WHERE team_uid = $1 AND gtid = $2 AND pipeline_uid = $3',
      [w.teamUID, gtid, w.p1.pipelineUID],
    )
  )[0]!.stage_uid;
const tagsOf = async (gtid: string) =>
  (
    await rows<{ tag_id: string }>(
      'SELECT tag_id FROM contact_tag WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, gtid],
    )
  ).map((r) => r.tag_id);

describe(`workflow runs (${ENGINE})`, () => {
  it('tags, waits on the app clock for a reply and moves the contacts that did not reply', async () => {
    const id = await publish(definition());
    const [a, b] = await addContacts(s, w.teamUID, 2, [w.p1]);
    await deliver(newPushId(), stageChanged(a!));
    await deliver(newPushId(), stageChanged(b!));
    await drain();
    expect(await tagsOf(a!)).toEqual([hot]);
    expect((await runsOf(id)).map((r) => [r.state, r.cursor_step_id])).toEqual([
      ['waiting', 'wait'],
      ['waiting', 'wait'],
    ]);

    // b replies (a person logs it on the contact): its wait ends along the event branch.
    const reply = await api(`/contacts/${b}/messages`, 'POST', {
      text: 'Sounds good',
      direction: 'in',
    });
    expect(reply.status).toBe(201);
    const [written] = await rows<{ id: string; payload: WorkflowTriggerPayload }>(
      `SELECT id, payload FROM outbox WHERE team_uid = $1 AND kind = 'workflow-trigger'
         AND payload->>'trigger' = 'replyReceived' AND payload->>'GTID' = $2`,
      [w.teamUID, b],
    );
    await deliver(String(written!.id), written!.payload);
    await drain();

    s.testClock.advance(3 * DAY - 60_000);
    await drain();
    expect(await stageOf(a!)).toBe(w.p1.stageUID);
    s.testClock.advance(60_000);
    await drain();
    expect(await stageOf(a!)).toBe(nurture);
    expect(await stageOf(b!)).toBe(w.p1.stageUID);
    const runs = await runsOf(id);
    expect(runs.find((r) => r.gtid === a)?.state).toBe('completed');
    expect(runs.find((r) => r.gtid === b)?.state).toBe('completed');
  });

  it('starts one run per workflow, event and contact, however often the event is handed over', async () => {
    const id = await publish(definition());
    const [c] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const source = newPushId();
    await deliver(source, stageChanged(c!));
    await deliver(source, stageChanged(c!));
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('applies each move once when two runners race for the same runs', async () => {
    const id = await publish(definition());
    const gtids = await addContacts(s, w.teamUID, 30, [w.p1]);
    for (const g of gtids) await deliver(newPushId(), stageChanged(g));
    await Promise.all([drain(), drain()]);
    const runs = await runsOf(id);
    expect(runs.map((r) => r.state)).toEqual(gtids.map(() => 'waiting'));
    const logged = await rows<{ n: string }>(
      `SELECT count(*) AS n FROM workflow_run_step st JOIN workflow_run r USING (team_uid, run_id)
       WHERE r.team_uid = $1 AND r.workflow_id = $2 AND st.step_id = 'tag'`,
      [w.teamUID, id],
    );
    expect(Number(logged[0]!.n)).toBe(30);
    const activities = await rows<{ n: string }>(
      `SELECT count(*) AS n FROM activity WHERE team_uid = $1 AND gtid = ANY($2) AND type = 'tags' AND action = 'added'`,
      [w.teamUID, gtids],
    );
    expect(Number(activities[0]!.n)).toBe(30);
  });

  it('ends the runs of a step that cannot apply as failed, with the reason in the run and its log', async () => {
    const def = definition();
    const id = await publish(def);
    // The tag the step adds is deleted after publishing.
    const [d] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await s.database.db.execute(
      sql`UPDATE workflow_version SET definition = jsonb_set(definition, '{steps,tag,params,tagIDs}', '["gone"]')
          WHERE team_uid = ${w.teamUID} AND workflow_id = ${id}`,
    );
    await deliver(newPushId(), stageChanged(d!));
    await drain();
    const [run] = await rows<{ state: string; last_error: string }>(
      'SELECT state, last_error FROM workflow_run WHERE team_uid = $1 AND workflow_id = $2',
      [w.teamUID, id],
    );
    expect(run).toEqual({ state: 'failed', last_error: 'Tag not found in this team’s tag sets.' });
    expect(await tagsOf(d!)).toEqual([]);

    // The run log says so; once the tag is back, "retry" applies the step and the run goes on.
    const failed = await api(`/workflows/${id}/runs?state=failed`);
    expect(failed.status).toBe(200);
    const [listed] = failed.body!.runs as { runId: string; stepId: string; lastError: string }[];
    expect(listed).toMatchObject({
      stepId: 'tag',
      lastError: 'Tag not found in this team’s tag sets.',
    });
    const one = await api(`/workflows/${id}/runs/${listed!.runId}`);
    expect(one.body!.steps).toEqual([
      expect.objectContaining({
        stepId: 'tag',
        outcome: 'failed',
        detail: { error: 'Tag not found in this team’s tag sets.' },
      }),
    ]);
    const set = await addTagSet(s, w.teamUID, 'Back', '#00ff00');
    await s.database.db.execute(sql`
      INSERT INTO tag (team_uid, tag_id, tag_set_uid, name) VALUES (${w.teamUID}, 'gone', ${set}, 'Gone')`);
    const retried = await api(`/workflows/${id}/runs/${listed!.runId}/retry`, 'POST');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((retried.body!.run as { state: string }).state).toBe('running');
    await drain();
    expect(await tagsOf(d!)).toEqual(['gone']);
    expect((await runsOf(id)).map((r) => r.state)).toEqual(['waiting']);
    // Only a failed run may be retried.
    expect((await api(`/workflows/${id}/runs/${listed!.runId}/retry`, 'POST')).status).toBe(400);
    expect((await api(`/workflows/${id}/runs?before=nonsense`)).status).toBe(400);
  });

  it('applies each kind of action the way the person’s own action would', async () => {
    const label = newPushId();
    const template = newPushId();
    await s.database.db.execute(sql`
      INSERT INTO status_label (team_uid, label_uid, display, color)
      VALUES (${w.teamUID}, ${label}, 'Replied', '#00aa00')`);
    await s.database.db.execute(sql`
      INSERT INTO message_template (team_uid, template_uid, name, body, created_by, updated_by)
      VALUES (${w.teamUID}, ${template}, 'Follow-up', 'Hi {first_name}!', ${w.owner.uid}, ${w.owner.uid})`);
    const step = (action: string, params: Record<string, unknown>, next: string | null) => ({
      type: 'action' as const,
      action: action as 'addNote',
      params: params as { text: string },
      next,
    });
    const id = await publish({
      rootStepId: 't',
      steps: {
        t: {
          type: 'trigger',
          triggerType: 'stageChanged',
          resource: { pipelineUID: w.p1.pipelineUID, toStageUID: qualified },
          next: 'label',
        },
        label: step('setStatusLabel', { labelUID: label }, 'note'),
        note: step('addNote', { text: 'Qualified by the workflow.' }, 'task'),
        task: step(
          'createTask',
          { name: 'Call them', assignee: { kind: 'contactOwner' }, dueInDays: 1 },
          'field',
        ),
        field: step('updateField', { field: 'lastName', value: 'Workflowed' }, 'join'),
        join: step(
          'addToPipeline',
          { pipelineUID: w.p2.pipelineUID, stageUID: w.p2.stageUID },
          'msg',
        ),
        msg: step('queueMessage', { templateId: template, platform: 'facebook' }, 'leave'),
        leave: step('removeFromPipeline', { pipelineUID: w.p2.pipelineUID }, null),
      },
    });
    const [g] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await s.database.db.execute(sql`
      UPDATE contact SET profiles = ${JSON.stringify({ facebook: 'https://www.facebook.com/some.one' })}::jsonb
      WHERE team_uid = ${w.teamUID} AND gtid = ${g!}`);
    await deliver(newPushId(), stageChanged(g!));
    await drain();
    expect((await runsOf(id)).map((r) => r.state)).toEqual(['completed']);
    const [contact] = await rows<{ status_label_uid: string; last_name: string }>(
      'SELECT status_label_uid, last_name FROM contact WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, g],
    );
    expect(contact).toEqual({ status_label_uid: label, last_name: 'Workflowed' });
    const notes = await rows<{ text: string }>(
      'SELECT text FROM note WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, g],
    );
    expect(notes.map((n) => n.text)).toEqual(['Qualified by the workflow.']);
    // The timeline says which workflow did it.
    const noted = await rows<{ created_by: string; data: { workflowId: string } }>(
      `SELECT created_by, data FROM activity WHERE team_uid = $1 AND gtid = $2 AND type = 'note'`,
      [w.teamUID, g],
    );
    expect(noted).toEqual([
      { created_by: expect.stringMatching(/^Workflow “W .+”$/), data: { workflowId: id } },
    ]);
    const tasks = await rows<{ name: string; assignee_uid: string }>(
      'SELECT name, assignee_uid FROM task WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, g],
    );
    expect(tasks).toEqual([{ name: 'Call them', assignee_uid: w.owner.uid }]);
    const queued = await rows<{ status: string }>(
      'SELECT status FROM message_queue_item WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, g],
    );
    // Queued by a workflow, the message waits for its sender to confirm it.
    expect(queued.map((q) => q.status)).toEqual(['pending']);
    const placements = await rows<{ pipeline_uid: string }>(
      'SELECT pipeline_uid FROM contact_pipeline WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, g],
    );
    expect(placements.map((p) => p.pipeline_uid)).toEqual([w.p1.pipelineUID]);
    const log = await rows<{ step_id: string; outcome: string }>(
      `SELECT step_id, outcome FROM workflow_run_step st JOIN workflow_run r USING (team_uid, run_id)
       WHERE r.team_uid = $1 AND r.workflow_id = $2 ORDER BY st.attempt`,
      [w.teamUID, id],
    );
    expect(log).toEqual(
      ['label', 'note', 'task', 'field', 'join', 'msg', 'leave'].map((step_id) => ({
        step_id,
        outcome: 'done',
      })),
    );
  });

  it('stops a chain of workflows that trigger each other at the depth limit', async () => {
    const on = (trigger: 'tagAdded' | 'tagRemoved', action: 'addTags' | 'removeTags') =>
      ({
        rootStepId: 't',
        steps: {
          t: { type: 'trigger', triggerType: trigger, resource: { tagID: hot }, next: 'a' },
          a: { type: 'action', action, params: { tagIDs: [hot] }, next: null },
        },
      }) as WorkflowDefinition;
    const removes = await publish(on('tagAdded', 'removeTags'));
    // Both stay active: `publish` pauses earlier tests' workflows, not this one.
    published.length = 0;
    const adds = await publish(on('tagRemoved', 'addTags'));
    const [g] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const tagged = await api(`/contacts/${g}/tags`, 'POST', { tagID: hot });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(201);
    // Hand every trigger the runs write back to the runner, as the dispatcher would.
    let last = 0;
    for (let round = 0; round < 20; round++) {
      const fresh = await rows<{ id: string; payload: WorkflowTriggerPayload }>(
        `SELECT id, payload FROM outbox WHERE team_uid = $1 AND kind = 'workflow-trigger'
           AND payload->>'GTID' = $2 AND id > $3 ORDER BY id`,
        [w.teamUID, g, last],
      );
      if (fresh.length === 0) break;
      for (const row of fresh) {
        await deliver(String(row.id), row.payload);
        last = Number(row.id);
      }
      await drain();
    }
    const runs = await rows<{
      workflow_id: string;
      depth: number;
      state: string;
      last_error: string | null;
    }>(
      `SELECT workflow_id, depth, state, last_error FROM workflow_run
       WHERE team_uid = $1 AND gtid = $2 ORDER BY depth`,
      [w.teamUID, g],
    );
    expect(runs.map((r) => [r.workflow_id, r.depth, r.state])).toEqual([
      [removes, 1, 'completed'],
      [adds, 2, 'completed'],
      [removes, 3, 'completed'],
      [adds, 4, 'completed'],
      [removes, 5, 'completed'],
      [adds, 6, 'failed'],
    ]);
    expect(runs.at(-1)!.last_error).toBe(
      'Not started: workflows triggered each other 5 times in a row',
    );
  });

  it('keeps the steps before a failing one: a note, then a tag that is gone', async () => {
    const id = await publish({
      rootStepId: 't',
      steps: {
        t: {
          type: 'trigger',
          triggerType: 'stageChanged',
          resource: { pipelineUID: w.p1.pipelineUID, toStageUID: qualified },
          next: 'note',
        },
        note: { type: 'action', action: 'addNote', params: { text: 'First' }, next: 'tag' },
        tag: { type: 'action', action: 'addTags', params: { tagIDs: ['none'] }, next: null },
      },
    });
    // A run of another contact in the same pass succeeds: the failure is the failing run's only.
    const [f] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await deliver(newPushId(), stageChanged(f!));
    await drain();
    const notes = await rows<{ text: string }>(
      'SELECT text FROM note WHERE team_uid = $1 AND gtid = $2',
      [w.teamUID, f],
    );
    expect(notes.map((n) => n.text)).toEqual(['First']);
    const [run] = await rows<{ state: string; cursor_step_id: string; run_id: string }>(
      'SELECT state, cursor_step_id, run_id FROM workflow_run WHERE team_uid = $1 AND workflow_id = $2',
      [w.teamUID, id],
    );
    expect(run).toMatchObject({ state: 'failed', cursor_step_id: 'tag' });
    const log = await rows<{ step_id: string; outcome: string }>(
      'SELECT step_id, outcome FROM workflow_run_step WHERE team_uid = $1 AND run_id = $2 ORDER BY attempt',
      [w.teamUID, run!.run_id],
    );
    expect(log).toEqual([
      { step_id: 'note', outcome: 'done' },
      { step_id: 'tag', outcome: 'failed' },
    ]);
  });

  it('does not start a run for an event on another pipeline or stage', async () => {
    const id = await publish(definition());
    const [e] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await deliver(newPushId(), {
      ...stageChanged(e!),
      data: { from: qualified, to: nurture },
    } as WorkflowTriggerPayload);
    await deliver(newPushId(), { ...stageChanged(e!), pipelineUID: w.p2.pipelineUID });
    expect(await runsOf(id)).toEqual([]);
  });
});
