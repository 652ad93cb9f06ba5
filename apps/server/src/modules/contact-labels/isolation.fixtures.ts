import type { Fixture } from '../../test/isolation';
import { placedContact } from '../contact-parts/isolation-seeds';
import { addLabel } from '../contact-parts/test-helpers';

export const FIXTURES: Record<string, Fixture> = {
  'PUT /api/teams/:teamUID/contacts/:GTID/status-label': {
    seed: async (ctx) => ({
      params: { GTID: (await placedContact(ctx)).GTID },
      body: { labelUID: await addLabel(ctx.s, ctx.a.teamUID) },
    }),
  },
};
