import type { Fixture } from '../../test/isolation';
import { addPipeline } from '../../test/team-fixtures';
import { addConnection } from '../pipelines/fixtures.repo';

const T = '/api/teams/:teamUID';

/** Tenant-isolation fixtures of the connection routes (src/tenant-isolation.test.ts). */
export const FIXTURES: Record<string, Fixture> = {
  [`GET ${T}/connections`]: {
    seed: async (ctx) => (await addConnection(ctx.s, ctx.a.teamUID), {}),
  },
  [`POST ${T}/connections`]: {
    seed: async (ctx) => {
      const { pipelineUID } = await addPipeline(ctx.s, ctx.a.teamUID);
      return { body: { system: 'webhooks', usedInPipelines: [pipelineUID] } };
    },
  },
  [`PATCH ${T}/connections/:connectionUID`]: {
    seed: async (ctx) => ({
      params: { connectionUID: await addConnection(ctx.s, ctx.a.teamUID) },
      body: { isPaused: true },
    }),
  },
  [`DELETE ${T}/connections/:connectionUID`]: {
    seed: async (ctx) => ({ params: { connectionUID: await addConnection(ctx.s, ctx.a.teamUID) } }),
  },
};
