import { addStage } from '../../test/contact-fixtures';
import type { Ctx, Fixture } from '../../test/isolation';
import { addContacts, addPipeline } from '../../test/team-fixtures';

/** Tenant-isolation fixtures of the contact routes (src/tenant-isolation.test.ts). */

let seq = 0;

/** A pipeline of team A with a second stage, and one contact of A placed in its placeholder. */
async function placedContact(ctx: Ctx) {
  const p = await addPipeline(ctx.s, ctx.a.teamUID, `Contacts ${++seq}`);
  const next = await addStage(ctx.s, ctx.a.teamUID, p.pipelineUID, 'Next', 1);
  const [gtid] = await addContacts(ctx.s, ctx.a.teamUID, 1, [p]);
  return { ...p, next, gtid: gtid! };
}

/** A contact created through team A's API, so it has a stage-history entry. */
async function createdContact(ctx: Ctx) {
  const p = await addPipeline(ctx.s, ctx.a.teamUID, `History ${++seq}`);
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}/contacts`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Isolated', pipelineUID: p.pipelineUID }),
  });
  const body = res.body as {
    contact: { GTID: string };
    pipelines: { stagesHistory: { id: string }[] }[];
  };
  return {
    gtid: body.contact.GTID,
    pipelineUID: p.pipelineUID,
    historyId: body.pipelines[0]!.stagesHistory[0]!.id,
  };
}

export const FIXTURES: Record<string, Fixture> = {
  'POST /api/teams/:teamUID/contacts': {
    seed: async (ctx) => {
      const p = await addPipeline(ctx.s, ctx.a.teamUID, `New ${++seq}`);
      return { body: { firstName: 'New', lastName: 'Contact', pipelineUID: p.pipelineUID } };
    },
  },
  'GET /api/teams/:teamUID/contacts/:GTID': {
    seed: async (ctx) => ({ params: { GTID: (await placedContact(ctx)).gtid } }),
  },
  'PATCH /api/teams/:teamUID/contacts/:GTID': {
    seed: async (ctx) => ({
      params: { GTID: (await placedContact(ctx)).gtid },
      body: { firstName: 'Renamed', emailAddress: 'renamed@example.com' },
    }),
  },
  'DELETE /api/teams/:teamUID/contacts/:GTID': {
    seed: async (ctx) => ({ params: { GTID: (await placedContact(ctx)).gtid } }),
  },
  'POST /api/teams/:teamUID/contacts/:GTID/pipelines': {
    seed: async (ctx) => {
      const [gtid] = await addContacts(ctx.s, ctx.a.teamUID, 1);
      const p = await addPipeline(ctx.s, ctx.a.teamUID, `Add ${++seq}`);
      return { params: { GTID: gtid! }, body: { pipelineUID: p.pipelineUID } };
    },
  },
  'DELETE /api/teams/:teamUID/contacts/:GTID/pipelines/:groupUID': {
    seed: async (ctx) => {
      const c = await placedContact(ctx);
      return { params: { GTID: c.gtid, groupUID: c.pipelineUID } };
    },
  },
  'PUT /api/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/stage': {
    seed: async (ctx) => {
      const c = await placedContact(ctx);
      return { params: { GTID: c.gtid, groupUID: c.pipelineUID }, body: { stageUID: c.next } };
    },
  },
  'DELETE /api/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/history/:id': {
    seed: async (ctx) => {
      const c = await createdContact(ctx);
      return { params: { GTID: c.gtid, groupUID: c.pipelineUID, id: c.historyId } };
    },
  },
};
