import type { WorkflowDefinition } from '@leadloom/core';
import { addContacts } from '../../test/team-fixtures';
import { insertFailedRun, runningRuns } from '../../test/workflow-fixtures';
import type { Ctx, Fixture } from '../../test/isolation';
import { asA } from '../contact-parts/isolation-seeds';

/** Tenant-isolation fixtures of the workflow routes (src/tenant-isolation.test.ts). */

/**
 * A note on the contacts a person runs it on: a workflow that passes the publish check. Run by
 * hand only, so the route walks' own requests (contacts made, stages changed) start no runs,
 * whose writes would land while a walk checks that a refused request changed nothing.
 */
export const NOTE_ON_NEW_CONTACT: WorkflowDefinition = {
  rootStepId: 'start',
  steps: {
    start: { type: 'trigger', triggerType: 'manual', resource: {}, next: 'note' },
    note: { type: 'action', action: 'addNote', params: { text: 'Welcome' }, next: null },
  },
};

async function workflowOfA(ctx: Ctx, then: ('publish' | 'pause')[] = []) {
  const body = await asA(ctx, '/workflows', 'POST', {
    name: 'Welcome note',
    definition: NOTE_ON_NEW_CONTACT,
  });
  const { workflowId } = body.workflow as { workflowId: string };
  for (const step of then) await asA(ctx, `/workflows/${workflowId}/${step}`, 'POST', {});
  return workflowId;
}

const onWorkflow =
  (then: ('publish' | 'pause')[] = [], body?: unknown) =>
  async (ctx: Ctx) => ({
    params: { workflowId: await workflowOfA(ctx, then) },
    ...(body === undefined ? {} : { body }),
  });

/** A run of team A's workflow that failed at its note step, on a contact of A's. */
async function failedRunOfA(ctx: Ctx) {
  const workflowId = await workflowOfA(ctx, ['publish']);
  const [gtid] = await addContacts(ctx.s, ctx.a.teamUID, 1);
  const runId = await insertFailedRun(ctx.s, ctx.a.teamUID, workflowId, gtid!, 'note');
  return { workflowId, runId };
}

/** The retried run goes on in the background: wait until the runner has moved it. */
async function runSettled(ctx: Ctx) {
  for (let i = 0; i < 200; i++) {
    if ((await runningRuns(ctx.s, ctx.a.teamUID)) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the retried run did not settle');
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/workflows/:workflowId/runs': {
    seed: async (ctx) => ({ params: { workflowId: (await failedRunOfA(ctx)).workflowId } }),
  },
  'GET /api/teams/:teamUID/workflows/:workflowId/runs/:runId': {
    seed: async (ctx) => ({ params: await failedRunOfA(ctx) }),
  },
  'POST /api/teams/:teamUID/workflows/:workflowId/runs/:runId/retry': {
    seed: async (ctx) => ({ params: await failedRunOfA(ctx) }),
    settle: runSettled,
  },
  'GET /api/teams/:teamUID/workflows': { seed: async (ctx) => (await workflowOfA(ctx), {}) },
  'POST /api/teams/:teamUID/workflows': { seed: async () => ({ body: { name: 'Follow up' } }) },
  'GET /api/teams/:teamUID/workflows/:workflowId': { seed: onWorkflow() },
  'PATCH /api/teams/:teamUID/workflows/:workflowId': {
    seed: onWorkflow([], { name: 'Renamed' }),
  },
  'POST /api/teams/:teamUID/workflows/:workflowId/publish': { seed: onWorkflow() },
  'POST /api/teams/:teamUID/workflows/:workflowId/pause': { seed: onWorkflow(['publish']) },
  'POST /api/teams/:teamUID/workflows/:workflowId/resume': {
    seed: onWorkflow(['publish', 'pause']),
  },
  'DELETE /api/teams/:teamUID/workflows/:workflowId': { seed: onWorkflow() },
};
