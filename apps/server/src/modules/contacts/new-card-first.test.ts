import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStage, stageOrder } from '../../test/contact-fixtures';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts, addPipeline, ownerWithTeam } from '../../test/team-fixtures';
import { waitForJob, type Client } from '../bulk/test-helpers';

/**
 * Every way a card joins a pipeline puts it first in its stage (core's `stageEntryPlace`), so
 * whoever made it finds it at the top of the column, on their board and on every teammate's: a
 * new contact, an add from the contact page, a bulk add (at /api and at the spec's /v2/bulk).
 * A card moved in from another stage without neighbours still goes last.
 */

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;

interface BoardBody {
  stages: { stageUID: string; contacts: { GTID: string }[] }[];
}

/** A pipeline whose stage "Working" holds three cards already (and the placeholder two). */
async function world() {
  const t = await ownerWithTeam(s, `new-card-first-${++n}@example.com`);
  const p = await addPipeline(s, t.teamUID, 'Sales');
  const working = await addStage(s, t.teamUID, p.pipelineUID, 'Working', 1);
  const old = await addContacts(s, t.teamUID, 3, [
    { pipelineUID: p.pipelineUID, stageUID: working },
  ]);
  const waiting = await addContacts(s, t.teamUID, 2, [p]);
  const api = (path: string, method = 'GET', body?: unknown) =>
    t.client.api(`/api/teams/${t.teamUID}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** The stage's cards as the board shows them (its first page). */
  const boardOrder = async (stageUID: string) => {
    const res = await api(`/pipelines/${p.pipelineUID}/board`);
    expect(res.status).toBe(200);
    return (res.body as unknown as BoardBody).stages
      .find((st) => st.stageUID === stageUID)!
      .contacts.map((c) => c.GTID);
  };
  const order = (stageUID: string) => stageOrder(s, t.teamUID, p.pipelineUID, stageUID);
  const create = async (body: Record<string, unknown>) => {
    const res = await api('/contacts', 'POST', { pipelineUID: p.pipelineUID, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { contact: { GTID: string } }).contact.GTID;
  };
  return { ...t, ...p, working, old, waiting, api, boardOrder, order, create };
}

async function bulkAdd(client: Client, path: string, body: Record<string, unknown>) {
  const res = await client.api(path, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const answer = res.body as { jobUID?: string; data?: { jobUID: string } };
  return answer.jobUID ?? answer.data!.jobUID;
}

describe(`a new card goes first in its stage (${ENGINE})`, () => {
  it('POST /contacts: first in the chosen stage, on the board and in the stage order', async () => {
    const w = await world();
    const gtid = await w.create({ fullName: 'New One', stageUID: w.working });
    expect(await w.order(w.working)).toEqual([gtid, ...w.old]);
    expect(await w.boardOrder(w.working)).toEqual([gtid, ...w.old]);
  });

  it('POST /contacts without a stage: first in the placeholder stage', async () => {
    const w = await world();
    const gtid = await w.create({ fullName: 'No Stage' });
    expect(await w.boardOrder(w.stageUID)).toEqual([gtid, ...w.waiting]);
  });

  it('keeps the newest on top, one after another, with short keys', async () => {
    const w = await world();
    const made: string[] = [];
    for (let i = 0; i < 30; i++)
      made.push(await w.create({ fullName: `Card ${i}`, stageUID: w.working }));
    expect(await w.order(w.working)).toEqual([...made.reverse(), ...w.old]);
    const keys = await s.database.pool.query<{ position: string }>(
      `SELECT position FROM contact_pipeline WHERE team_uid = $1 AND stage_uid = $2`,
      [w.teamUID, w.working],
    );
    expect(Math.max(...keys.rows.map((r) => r.position.length))).toBeLessThanOrEqual(3);
  });

  it('POST /contacts/:GTID/pipelines (the contact page): first in the stage', async () => {
    const w = await world();
    const [loose] = await addContacts(s, w.teamUID, 1);
    const res = await w.api(`/contacts/${loose}/pipelines`, 'POST', {
      pipelineUID: w.pipelineUID,
      stageUID: w.working,
    });
    expect(res.status).toBe(201);
    expect(await w.boardOrder(w.working)).toEqual([loose, ...w.old]);
  });

  it('bulk add-to-pipeline at /api and at /v2/bulk: first, in the order selected', async () => {
    const w = await world();
    const loose = await addContacts(s, w.teamUID, 4);
    const action = { type: 'add-to-pipeline', pipelineUID: w.pipelineUID, stageUID: w.working };
    const first = await bulkAdd(w.client, `/api/teams/${w.teamUID}/bulk-jobs`, {
      action,
      GTIDs: [loose[1], loose[0]],
    });
    expect((await waitForJob(w.client, w.teamUID, first)).job).toMatchObject({ done: 2 });
    expect(await w.boardOrder(w.working)).toEqual([loose[1], loose[0], ...w.old]);

    const second = await bulkAdd(w.client, '/v2/bulk', {
      teamUID: w.teamUID,
      action,
      GTIDs: [loose[2], loose[3]],
    });
    expect((await waitForJob(w.client, w.teamUID, second)).job).toMatchObject({ done: 2 });
    expect(await w.boardOrder(w.working)).toEqual([
      loose[2],
      loose[3],
      loose[1],
      loose[0],
      ...w.old,
    ]);
  });

  it('a card moved in from another stage without neighbours still goes last', async () => {
    const w = await world();
    const [mover] = w.waiting;
    const res = await w.api(`/contacts/${mover}/pipelines/${w.pipelineUID}/stage`, 'PUT', {
      stageUID: w.working,
    });
    expect(res.status).toBe(200);
    expect(await w.order(w.working)).toEqual([...w.old, mover]);
  });
});
