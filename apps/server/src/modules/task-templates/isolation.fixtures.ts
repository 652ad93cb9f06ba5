import { addContacts } from '../../test/team-fixtures';
import type { Ctx, Fixture } from '../../test/isolation';

/** Tenant-isolation fixtures of the task-template routes (src/tenant-isolation.test.ts). */

const TEMPLATE = { name: 'Follow up in 2 days', dueInDays: 2, dueTime: '10:00' };

async function templateOfA(ctx: Ctx) {
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/task-templates`, {
    method: 'POST',
    body: JSON.stringify(TEMPLATE),
  });
  if (res.status !== 201) throw new Error(`template: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body!.taskTemplate as { templateUID: string }).templateUID;
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/task-templates': { seed: async (ctx) => (await templateOfA(ctx), {}) },
  'POST /api/teams/:teamUID/task-templates': { seed: async () => ({ body: TEMPLATE }) },
  'PUT /api/teams/:teamUID/task-templates/:templateUID': {
    seed: async (ctx) => ({
      params: { templateUID: await templateOfA(ctx) },
      body: { ...TEMPLATE, name: 'Call back' },
    }),
  },
  'DELETE /api/teams/:teamUID/task-templates/:templateUID': {
    seed: async (ctx) => ({ params: { templateUID: await templateOfA(ctx) } }),
  },
  'POST /api/teams/:teamUID/task-templates/:templateUID/apply': {
    seed: async (ctx) => ({
      params: { templateUID: await templateOfA(ctx) },
      body: { GTIDs: await addContacts(ctx.s, ctx.a.teamUID, 2) },
    }),
  },
};
