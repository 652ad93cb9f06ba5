import { addContacts } from '../../test/team-fixtures';
import type { Ctx, Fixture } from '../../test/isolation';

/** Tenant-isolation fixtures of the task routes (src/tenant-isolation.test.ts). */

async function taskOfA(ctx: Ctx, withContact = false) {
  const [gtid] = withContact ? await addContacts(ctx.s, ctx.a.teamUID, 1) : [undefined];
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/tasks`, {
    method: 'POST',
    body: JSON.stringify({
      name: 'Follow up',
      dueDate: '2026-12-01',
      ...(gtid ? { GTID: gtid } : {}),
    }),
  });
  if (res.status !== 201) throw new Error(`task: ${res.status} ${JSON.stringify(res.body)}`);
  return { taskUID: (res.body!.task as { taskUID: string }).taskUID, gtid };
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/tasks': { seed: async (ctx) => (await taskOfA(ctx), {}) },
  'GET /api/teams/:teamUID/tasks-due': { seed: async (ctx) => (await taskOfA(ctx), {}) },
  'GET /api/teams/:teamUID/task-assignees': { seed: async () => ({}) },
  'GET /api/teams/:teamUID/contacts/:GTID/tasks': {
    seed: async (ctx) => ({ params: { GTID: (await taskOfA(ctx, true)).gtid! } }),
  },
  'POST /api/teams/:teamUID/tasks': {
    seed: async () => ({
      body: { name: 'Send the guide', dueDate: '2026-12-02', dueTime: '09:30' },
    }),
  },
  'PATCH /api/teams/:teamUID/tasks/:taskUID': {
    seed: async (ctx) => ({
      params: { taskUID: (await taskOfA(ctx, true)).taskUID },
      body: { status: 'done' },
    }),
  },
  'DELETE /api/teams/:teamUID/tasks/:taskUID': {
    seed: async (ctx) => ({ params: { taskUID: (await taskOfA(ctx, true)).taskUID } }),
  },
};
