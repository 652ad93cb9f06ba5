import { newPushId, type WorkflowRecord } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTag, addTagSet } from '../../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import { contactWorld, type ContactWorld } from '../contact-parts/test-helpers';

/**
 * The engine as the server runs it: a person's stage change writes a trigger row, the outbox
 * consumer starts the run, the runner applies its steps, with nothing called by hand.
 */

let s: TestServices;
let w: ContactWorld;
let qualified: string;
let hot: string;
beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'engine');
  qualified = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx)
    VALUES (${w.teamUID}, ${qualified}, ${w.p1.pipelineUID}, 'Qualified', '#fff', '#000', 1)`);
  hot = await addTag(s, w.teamUID, await addTagSet(s, w.teamUID, 'Temperature', '#f00'), 'Hot');
});
afterAll(() => s.cleanup());

const api = (path: string, method = 'GET', body?: unknown) =>
  w.owner.client.api(`/api/teams/${w.teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe(`the workflow engine in the server (${ENGINE})`, () => {
  it('tags a contact moved to Qualified, from the drag alone', async () => {
    const created = await api('/workflows', 'POST', {
      name: 'Qualified leads are hot',
      definition: {
        rootStepId: 't',
        steps: {
          t: {
            type: 'trigger',
            triggerType: 'stageChanged',
            resource: { pipelineUID: w.p1.pipelineUID, toStageUID: qualified },
            next: 'tag',
          },
          tag: { type: 'action', action: 'addTags', params: { tagIDs: [hot] }, next: null },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { workflowId } = created.body!.workflow as WorkflowRecord;
    expect((await api(`/workflows/${workflowId}/publish`, 'POST')).status).toBe(200);

    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const moved = await api(`/contacts/${gtid}/pipelines/${w.p1.pipelineUID}/stage`, 'PUT', {
      stageUID: qualified,
    });
    expect(moved.status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await s.database.pool.query(
              'SELECT tag_id FROM contact_tag WHERE team_uid = $1 AND gtid = $2',
              [w.teamUID, gtid],
            )
          ).rows.map((r: { tag_id: string }) => r.tag_id),
        { timeout: 8_000, interval: 100 },
      )
      .toEqual([hot]);
    const list = await api('/workflows');
    expect(
      (list.body!.workflows as { workflowId: string; runsToday: number }[]).find(
        (x) => x.workflowId === workflowId,
      )?.runsToday,
    ).toBe(1);
  });
});

describe(`the events a workflow may start on (${ENGINE})`, () => {
  it('are written by a label change, a note and a completed task', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const label = newPushId();
    await s.database.db.execute(sql`
      INSERT INTO status_label (team_uid, label_uid, display, color)
      VALUES (${w.teamUID}, ${label}, 'Replied', '#0a0')`);
    expect((await api(`/contacts/${gtid}/status-label`, 'PUT', { labelUID: label })).status).toBe(
      200,
    );
    const note = await api(`/contacts/${gtid}/notes`, 'POST', { text: 'Called, no answer.' });
    expect(note.status).toBe(201);
    const task = await api('/tasks', 'POST', {
      GTID: gtid,
      name: 'Call again',
      assigneeUID: w.owner.uid,
      dueDate: '2026-12-01',
    });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const taskUID = (task.body!.task as { taskUID: string }).taskUID;
    expect((await api(`/tasks/${taskUID}`, 'PATCH', { status: 'done' })).status).toBe(200);
    const rows = await s.database.pool.query<{ payload: { trigger: string; data: unknown } }>(
      `SELECT payload FROM outbox WHERE team_uid = $1 AND kind = 'workflow-trigger'
         AND payload->>'GTID' = $2 ORDER BY id`,
      [w.teamUID, gtid],
    );
    expect(rows.rows.map((r) => [r.payload.trigger, r.payload.data])).toEqual([
      ['statusLabelChanged', { from: null, to: label }],
      ['noteAdded', { noteUID: (note.body!.note as { noteUID: string }).noteUID }],
      ['taskCompleted', { taskUID, name: 'Call again' }],
    ]);
  });
});
