import type { Ctx, Fixture } from '../../test/isolation';
import { asA, placedContact } from '../contact-parts/isolation-seeds';

async function contactWithDeal(ctx: Ctx) {
  const { GTID, pipelineUID } = await placedContact(ctx);
  const body = await asA(ctx, `/contacts/${GTID}/pipelines/${pipelineUID}/deals`, 'POST', {
    name: 'Seeded',
    value: 10,
    currency: 'USD',
  });
  return { GTID, dealUID: (body.deal as { dealUID: string }).dealUID };
}

export const FIXTURES: Record<string, Fixture> = {
  'POST /api/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/deals': {
    seed: async (ctx) => {
      const { GTID, pipelineUID } = await placedContact(ctx);
      return {
        params: { GTID, groupUID: pipelineUID },
        body: { name: 'New deal', value: '99.5', currency: 'EUR' },
      };
    },
  },
  'PATCH /api/teams/:teamUID/contacts/:GTID/deals/:dealUID': {
    seed: async (ctx) => ({ params: await contactWithDeal(ctx), body: { status: 'won' } }),
  },
  'DELETE /api/teams/:teamUID/contacts/:GTID/deals/:dealUID': {
    seed: async (ctx) => ({ params: await contactWithDeal(ctx) }),
  },
};
