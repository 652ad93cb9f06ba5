import type { Ctx, Fixture } from '../../test/isolation';
import { asA, placedContact } from '../contact-parts/isolation-seeds';

async function contactWithNote(ctx: Ctx) {
  const { GTID } = await placedContact(ctx);
  const body = await asA(ctx, `/contacts/${GTID}/notes`, 'POST', { text: 'seeded' });
  return { GTID, noteUID: (body.note as { noteUID: string }).noteUID };
}

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/contacts/:GTID/notes': {
    seed: async (ctx) => ({ params: await contactWithNote(ctx) }),
  },
  'POST /api/teams/:teamUID/contacts/:GTID/notes': {
    seed: async (ctx) => ({
      params: { GTID: (await placedContact(ctx)).GTID },
      body: { text: 'a new note' },
    }),
  },
  'PATCH /api/teams/:teamUID/contacts/:GTID/notes/:noteUID': {
    seed: async (ctx) => ({ params: await contactWithNote(ctx), body: { text: 'edited' } }),
  },
  'DELETE /api/teams/:teamUID/contacts/:GTID/notes/:noteUID': {
    seed: async (ctx) => ({ params: await contactWithNote(ctx) }),
  },
};
