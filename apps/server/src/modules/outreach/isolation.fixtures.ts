import type { Ctx, Fixture } from '../../test/isolation';
import { leaseDirectly, setProfiles } from '../../test/outreach-fixtures';
import { asA, placedContact } from '../contact-parts/isolation-seeds';

/** Team A's contact with a Facebook profile link. */
async function reachableContact(ctx: Ctx) {
  const { GTID } = await placedContact(ctx);
  await setProfiles(ctx.s, ctx.a.teamUID, GTID, { facebook: 'https://www.facebook.com/a.contact' });
  return GTID;
}

/** A message team A's owner queued from their own account (approved at once). */
async function queuedItem(ctx: Ctx) {
  const GTID = await reachableContact(ctx);
  const body = await asA(ctx, '/outreach/items', 'POST', {
    platform: 'facebook',
    GTIDs: [GTID],
    text: 'Hello',
  });
  return (body.items as { itemUID: string }[])[0]!.itemUID;
}

export const FIXTURES: Record<string, Fixture> = {
  'POST /api/teams/:teamUID/outreach/preview': {
    seed: async (ctx) => ({
      body: { platform: 'facebook', GTIDs: [await reachableContact(ctx)], text: 'Hi' },
    }),
  },
  'POST /api/teams/:teamUID/outreach/items': {
    seed: async (ctx) => ({
      body: { platform: 'facebook', GTIDs: [await reachableContact(ctx)], text: 'Hi' },
    }),
  },
  'GET /api/teams/:teamUID/outreach/items': { seed: async () => ({}) },
  'POST /api/teams/:teamUID/outreach/review': {
    seed: async () => ({ body: { decision: 'approve' } }),
  },
  'PATCH /api/teams/:teamUID/outreach/items/:itemUID': {
    seed: async (ctx) => ({ params: { itemUID: await queuedItem(ctx) }, body: { text: 'Edited' } }),
  },
  'DELETE /api/teams/:teamUID/outreach/items/:itemUID': {
    seed: async (ctx) => ({ params: { itemUID: await queuedItem(ctx) } }),
  },
  'POST /api/teams/:teamUID/outreach/items/:itemUID/result': {
    seed: async (ctx) => {
      const itemUID = await queuedItem(ctx);
      await leaseDirectly(ctx.s, ctx.a.teamUID, itemUID, 'lease-isolation');
      return { params: { itemUID }, body: { leaseId: 'lease-isolation', code: 'skipped' } };
    },
  },
  'GET /api/teams/:teamUID/contacts/:GTID/outreach': {
    seed: async (ctx) => ({ params: { GTID: await reachableContact(ctx) } }),
  },
};
