import type { Fixture } from '../../test/isolation';
import { placedContact } from '../contact-parts/isolation-seeds';
import { addQuestion } from '../contact-parts/test-helpers';

export const FIXTURES: Record<string, Fixture> = {
  'PUT /api/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/answers': {
    seed: async (ctx) => {
      const { GTID, pipelineUID } = await placedContact(ctx);
      const questionUID = await addQuestion(ctx.s, ctx.a.teamUID);
      return {
        params: { GTID, groupUID: pipelineUID },
        body: { answers: [{ questionUID, answer: 'Because' }] },
      };
    },
  },
};
