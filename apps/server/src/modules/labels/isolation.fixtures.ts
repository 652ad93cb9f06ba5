import type { Ctx, Fixture } from '../../test/isolation';

/** Tenant-isolation fixtures of the status-label routes (src/tenant-isolation.test.ts). */

async function labelOfA(ctx: Ctx, display = 'Hot lead') {
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/status-labels`, {
    method: 'POST',
    body: JSON.stringify({ display, color: '#E03131' }),
  });
  if (res.status !== 201) throw new Error(`label: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body!.statusLabel as { labelUID: string }).labelUID;
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/status-labels': { seed: async (ctx) => (await labelOfA(ctx), {}) },
  'POST /api/teams/:teamUID/status-labels': {
    seed: async () => ({ body: { display: 'Cold', color: '#1C7EBB' } }),
  },
  'PATCH /api/teams/:teamUID/status-labels/:labelUID': {
    seed: async (ctx) => ({ params: { labelUID: await labelOfA(ctx) }, body: { display: 'Warm' } }),
  },
  'DELETE /api/teams/:teamUID/status-labels/:labelUID': {
    seed: async (ctx) => ({ params: { labelUID: await labelOfA(ctx) } }),
  },
  'PUT /api/teams/:teamUID/status-labels-order': {
    seed: async (ctx) => {
      await labelOfA(ctx, 'Second');
      const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/status-labels`);
      const labels = res.body!.statusLabels as { labelUID: string }[];
      return { body: { order: labels.map((l) => l.labelUID).reverse() } };
    },
  },
};
