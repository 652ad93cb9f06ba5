import type { Ctx, Fixture } from '../../test/isolation';
import { addContacts, addPipeline } from '../../test/team-fixtures';
import { createTagSet, orphanOn } from './test-helpers';

/** Tenant-isolation fixtures of the tags routes (src/tenant-isolation.test.ts). */

const setOfA = (ctx: Ctx, body: Record<string, unknown> = {}) =>
  createTagSet(ctx.a.client, ctx.a.teamUID, {
    name: 'A set',
    tags: [{ name: 'A tag' }, { name: 'B tag' }],
    ...body,
  });

async function orphanOfA(ctx: Ctx) {
  const gtids = await addContacts(ctx.s, ctx.a.teamUID, 2);
  return orphanOn(ctx.s, ctx.a.teamUID, gtids);
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/tag-sets': { seed: async (ctx) => (await setOfA(ctx), {}) },
  'POST /api/teams/:teamUID/tag-sets': {
    seed: async () => ({ body: { name: 'New set', tags: [{ name: 'One' }] } }),
  },
  'PATCH /api/teams/:teamUID/tag-sets/:tagSetUID': {
    seed: async (ctx) => ({
      params: { tagSetUID: (await setOfA(ctx)).tagSetUID },
      body: { name: 'Renamed' },
    }),
  },
  'DELETE /api/teams/:teamUID/tag-sets/:tagSetUID': {
    seed: async (ctx) => ({ params: { tagSetUID: (await setOfA(ctx)).tagSetUID } }),
  },
  'PUT /api/teams/:teamUID/tag-sets-order': {
    seed: async (ctx) => {
      const { pipelineUID } = await addPipeline(ctx.s, ctx.a.teamUID);
      const first = await setOfA(ctx, { pipelineUID });
      const second = await setOfA(ctx, { pipelineUID });
      return { body: { pipelineUID, order: [second.tagSetUID, first.tagSetUID] } };
    },
  },
  'POST /api/teams/:teamUID/tag-sets/:tagSetUID/tags': {
    seed: async (ctx) => ({
      params: { tagSetUID: (await setOfA(ctx)).tagSetUID },
      body: { name: 'Added' },
    }),
  },
  'PATCH /api/teams/:teamUID/tag-sets/:tagSetUID/tags/:tagID': {
    seed: async (ctx) => {
      const set = await setOfA(ctx);
      return {
        params: { tagSetUID: set.tagSetUID, tagID: set.tags[0]!.tagID },
        body: { name: 'Renamed tag' },
      };
    },
  },
  'DELETE /api/teams/:teamUID/tag-sets/:tagSetUID/tags/:tagID': {
    seed: async (ctx) => {
      const set = await setOfA(ctx);
      return { params: { tagSetUID: set.tagSetUID, tagID: set.tags[0]!.tagID } };
    },
  },
  'PUT /api/teams/:teamUID/tag-sets/:tagSetUID/tags-order': {
    seed: async (ctx) => {
      const set = await setOfA(ctx);
      return {
        params: { tagSetUID: set.tagSetUID },
        body: { order: set.tags.map((t) => t.tagID).reverse() },
      };
    },
  },
  'GET /api/teams/:teamUID/orphaned-tags': { seed: async (ctx) => (await orphanOfA(ctx), {}) },
  'POST /api/teams/:teamUID/orphaned-tags/:tagID/map': {
    seed: async (ctx) => {
      const orphan = await orphanOfA(ctx);
      const set = await setOfA(ctx);
      return { params: { tagID: orphan }, body: { tagID: set.tags[0]!.tagID } };
    },
  },
  'DELETE /api/teams/:teamUID/orphaned-tags/:tagID': {
    seed: async (ctx) => ({ params: { tagID: await orphanOfA(ctx) } }),
  },
};
