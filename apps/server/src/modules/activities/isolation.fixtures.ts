import type { Fixture } from '../../test/isolation';
import { placedContact } from '../contact-parts/isolation-seeds';

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/contacts/:GTID/activities': {
    seed: async (ctx) => ({ params: { GTID: (await placedContact(ctx)).GTID } }),
  },
};
