import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { ownerWithTeam } from '../../test/team-fixtures';
import type { ConnectionRow } from './repo';

let s: TestServices;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  s = await startTestServices();
  const o = await ownerWithTeam(s, 'conn-owner@example.com');
  owner = o.client;
  teamUID = o.teamUID;
});
afterAll(() => s.cleanup());

const api = (path: string, method = 'GET', body?: unknown) =>
  owner.api(`/api/teams/${teamUID}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const list = async () => {
  const res = await api('/connections');
  expect(res.status).toBe(200);
  return res.body!.connections as ConnectionRow[];
};

describe(`connections (${ENGINE})`, () => {
  it('creates with defaults, changes only what a patch names, and deletes', async () => {
    const created = await api('/connections', 'POST', {
      system: 'webhooks',
      name: 'Hook',
      options: { url: 'https://example.com/hook' },
      syncPeriod: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const c = created.body!.connection as ConnectionRow;
    expect(c).toMatchObject({
      system: 'webhooks',
      name: 'Hook',
      status: 'active',
      testMode: false,
      syncPeriod: 5,
      options: { url: 'https://example.com/hook' },
      syncEmailOnly: false,
      isPaused: false,
      selectedPipeline: null,
      usedInPipelines: [],
      usedInTagSets: [],
    });

    const paused = await api(`/connections/${c.connectionUID}`, 'PATCH', { isPaused: true });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body!.connection).toEqual({ ...c, isPaused: true });

    const renamed = await api(`/connections/${c.connectionUID}`, 'PATCH', {
      name: 'Renamed',
      options: { url: 'https://example.com/other' },
    });
    expect(renamed.body!.connection).toEqual({
      ...c,
      isPaused: true,
      name: 'Renamed',
      options: { url: 'https://example.com/other' },
    });
    expect(await list()).toEqual([renamed.body!.connection]);

    const deleted = await api(`/connections/${c.connectionUID}`, 'DELETE');
    expect(deleted.status).toBe(200);
    expect(await list()).toEqual([]);
  });
});
