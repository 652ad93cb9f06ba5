import type { Ctx, Fixture } from '../../test/isolation';

/** Tenant-isolation fixtures of the saved filter-set routes (src/tenant-isolation.test.ts). */

async function sharedSetOfA(ctx: Ctx, name = 'Warm leads') {
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/filter-sets`, {
    method: 'POST',
    body: JSON.stringify({ name, filter: { hasEmail: true }, shared: true }),
  });
  if (res.status !== 201) throw new Error(`filter set: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body!.filterSet as { filterSetUID: string }).filterSetUID;
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/filter-sets': { seed: async (ctx) => (await sharedSetOfA(ctx), {}) },
  'POST /api/teams/:teamUID/filter-sets': {
    seed: async () => ({ body: { name: 'Mine', filter: { text: 'ann' } } }),
  },
  'PATCH /api/teams/:teamUID/filter-sets/:filterSetUID': {
    seed: async (ctx) => ({
      params: { filterSetUID: await sharedSetOfA(ctx) },
      body: { name: 'Renamed' },
    }),
  },
  'DELETE /api/teams/:teamUID/filter-sets/:filterSetUID': {
    seed: async (ctx) => ({ params: { filterSetUID: await sharedSetOfA(ctx) } }),
  },
};
