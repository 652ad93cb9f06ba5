import type { Ctx, Fixture } from '../../test/isolation';
import { pipelineWithContacts } from '../../test/isolation';

/** Tenant-isolation fixtures of the KPI routes (src/tenant-isolation.test.ts). */

const KPI = { name: 'Contacts added', event: 'added', period: 'week', target: 10 };

async function kpiOfA(ctx: Ctx) {
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/kpis`, {
    method: 'POST',
    body: JSON.stringify(KPI),
  });
  if (res.status !== 201) throw new Error(`kpi: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body!.kpi as { kpiUID: string }).kpiUID;
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/kpis': { seed: async (ctx) => (await kpiOfA(ctx), {}) },
  'POST /api/teams/:teamUID/kpis': { seed: async () => ({ body: KPI }) },
  'GET /api/teams/:teamUID/kpis/:kpiUID': {
    seed: async (ctx) => ({ params: { kpiUID: await kpiOfA(ctx) } }),
  },
  'PUT /api/teams/:teamUID/kpis/:kpiUID': {
    seed: async (ctx) => ({
      params: { kpiUID: await kpiOfA(ctx) },
      body: { ...KPI, name: 'Added this week', target: 12 },
    }),
  },
  'DELETE /api/teams/:teamUID/kpis/:kpiUID': {
    seed: async (ctx) => ({ params: { kpiUID: await kpiOfA(ctx) } }),
  },
  'GET /api/teams/:teamUID/kpis/:kpiUID/results': {
    seed: async (ctx) => ({ params: { kpiUID: await kpiOfA(ctx) } }),
  },
  'GET /api/teams/:teamUID/kpi-funnel/:pipelineUID': {
    seed: async (ctx) => ({
      params: { pipelineUID: (await pipelineWithContacts(ctx)).pipelineUID },
    }),
  },
};
