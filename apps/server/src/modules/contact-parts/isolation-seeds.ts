import type { Ctx } from '../../test/isolation';
import { pipelineWithContacts } from '../../test/isolation';
import { addContacts } from '../../test/team-fixtures';

/** Team A's contact in a pipeline of its own, for the contact-parts isolation fixtures. */
export async function placedContact(ctx: Ctx) {
  const p = await pipelineWithContacts(ctx);
  const [GTID] = await addContacts(ctx.s, ctx.a.teamUID, 1, [p]);
  return { GTID: GTID!, pipelineUID: p.pipelineUID, stageUID: p.stageUID };
}

/** Creates through the API as team A's owner and answers the body. */
export async function asA(ctx: Ctx, path: string, method: string, body: unknown) {
  const res = await ctx.a.client.api(`/api/teams/${ctx.a.teamUID}${path}`, {
    method,
    body: JSON.stringify(body),
  });
  if (res.status >= 300)
    throw new Error(`seed ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!;
}
