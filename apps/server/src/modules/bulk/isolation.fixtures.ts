import { addStage } from '../../test/contact-fixtures';
import type { Ctx, Fixture } from '../../test/isolation';
import { pipelineWithContacts } from '../../test/isolation';
import { systemScope } from '../../db/scope';
import { unfinishedJobs } from './repo';

async function stageJob(ctx: Ctx) {
  const p = await pipelineWithContacts(ctx);
  const stageUID = await addStage(ctx.s, ctx.a.teamUID, p.pipelineUID, 'Won', 1);
  return { action: { type: 'stage', pipelineUID: p.pipelineUID, stageUID }, GTIDs: ['x-y-1'] };
}

/** Until the worker has finished every job of team A. */
async function jobsFinished(ctx: Ctx) {
  for (let i = 0; i < 200; i++) {
    const open = await unfinishedJobs(systemScope('test'), ctx.s.database.db);
    if (!open.some((j) => j.teamUID === ctx.a.teamUID)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('a bulk job of team A did not finish');
}

export const FIXTURES: Record<string, Fixture> = {
  'POST /api/teams/:teamUID/bulk-jobs': {
    async seed(ctx) {
      return { body: await stageJob(ctx) };
    },
    settle: jobsFinished,
  },
  'GET /api/teams/:teamUID/bulk-jobs/:jobUID': {
    async seed(ctx) {
      const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/bulk-jobs`, {
        method: 'POST',
        body: JSON.stringify(await stageJob(ctx)),
      });
      await jobsFinished(ctx);
      return { params: { jobUID: (res.body as { jobUID: string }).jobUID } };
    },
  },
};
