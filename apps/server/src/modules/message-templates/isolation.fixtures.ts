import { addContacts } from '../../test/team-fixtures';
import type { Ctx, Fixture } from '../../test/isolation';

/** Tenant-isolation fixtures of the message-template routes (src/tenant-isolation.test.ts). */

async function post(ctx: Ctx, path: string, body: unknown, key: string) {
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body![key] as Record<string, string>;
}

const templateOfA = async (ctx: Ctx) =>
  (
    await post(
      ctx,
      '/message-templates',
      { name: 'Hello', body: 'Hi {{firstName|there}}' },
      'template',
    )
  ).templateUID!;
const categoryOfA = async (ctx: Ctx) =>
  (await post(ctx, '/message-template-categories', { name: 'Openers' }, 'category')).id!;
const typeOfA = async (ctx: Ctx) =>
  (await post(ctx, '/message-template-types', { name: 'Follow-up' }, 'type')).id!;

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/message-templates': {
    seed: async (ctx) => (await templateOfA(ctx), {}),
  },
  'POST /api/teams/:teamUID/message-templates': {
    seed: async () => ({ body: { name: 'Welcome', body: '{Hi|Hello} {{firstName}}' } }),
  },
  'PATCH /api/teams/:teamUID/message-templates/:templateUID': {
    seed: async (ctx) => ({
      params: { templateUID: await templateOfA(ctx) },
      body: { name: 'Hey' },
    }),
  },
  'DELETE /api/teams/:teamUID/message-templates/:templateUID': {
    seed: async (ctx) => ({ params: { templateUID: await templateOfA(ctx) } }),
  },
  'POST /api/teams/:teamUID/message-template-categories': {
    seed: async () => ({ body: { name: 'Closers' } }),
  },
  'PATCH /api/teams/:teamUID/message-template-categories/:id': {
    seed: async (ctx) => ({ params: { id: await categoryOfA(ctx) }, body: { name: 'Intro' } }),
  },
  'DELETE /api/teams/:teamUID/message-template-categories/:id': {
    seed: async (ctx) => ({ params: { id: await categoryOfA(ctx) } }),
  },
  'POST /api/teams/:teamUID/message-template-types': {
    seed: async () => ({ body: { name: 'Opener' } }),
  },
  'PATCH /api/teams/:teamUID/message-template-types/:id': {
    seed: async (ctx) => ({ params: { id: await typeOfA(ctx) }, body: { name: 'Reply' } }),
  },
  'DELETE /api/teams/:teamUID/message-template-types/:id': {
    seed: async (ctx) => ({ params: { id: await typeOfA(ctx) } }),
  },
  'POST /api/teams/:teamUID/contacts/:GTID/messages': {
    seed: async (ctx) => {
      const [gtid] = await addContacts(ctx.s, ctx.a.teamUID, 1);
      return { params: { GTID: gtid! }, body: { text: 'Hi Ann' } };
    },
  },
};
