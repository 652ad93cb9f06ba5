import type { Ctx, Fixture } from '../../test/isolation';
import { asA, placedContact } from '../contact-parts/isolation-seeds';
import { addTag, addTagSet } from '../contact-parts/test-helpers';

async function contactAndTag(ctx: Ctx) {
  const { GTID } = await placedContact(ctx);
  const tagID = await addTag(ctx.s, ctx.a.teamUID, await addTagSet(ctx.s, ctx.a.teamUID));
  return { GTID, tagID };
}

export const FIXTURES: Record<string, Fixture> = {
  'POST /api/teams/:teamUID/contacts/:GTID/tags': {
    seed: async (ctx) => {
      const { GTID, tagID } = await contactAndTag(ctx);
      return { params: { GTID }, body: { tagID } };
    },
  },
  'DELETE /api/teams/:teamUID/contacts/:GTID/tags/:tagID': {
    seed: async (ctx) => {
      const params = await contactAndTag(ctx);
      await asA(ctx, `/contacts/${params.GTID}/tags`, 'POST', { tagID: params.tagID });
      return { params };
    },
  },
};
