import type { Fixture } from '../../test/isolation';
import { pipelineWithContacts } from '../../test/isolation';

export const FIXTURES: Record<string, Fixture> = {
  'POST /api/teams/:teamUID/contacts/export': {
    async seed(ctx) {
      const p = await pipelineWithContacts(ctx);
      return { body: { searchObj: { pipelineUID: p.pipelineUID }, columns: ['name', 'stage'] } };
    },
  },
};
