import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseBoardPath, pipelineKeys } from '../../features/pipeline/requests';
import { meQueryKey } from '../../features/session/me';
import { validationInfoKey } from '../../features/session/validationInfo';
import { parseTablePath, searchBody, tableKeys } from '../../features/table/requests';
import { queryFromUrl } from '../../features/table/tableState';

// The server as the prefetch sees it: every GET is recorded, in order, and answered at once.
const asked: string[] = [];
// Bodies of the POSTs (the table's /v2), in order.
const posted: { path: string; body: unknown }[] = [];
// /api/me answers when the test opens this gate (at once unless a test closes it).
let meGate: Promise<void> = Promise.resolve();
vi.mock('../../lib/api', () => ({
  isApiError: () => false,
  api: {
    identityToken: () => Promise.resolve('token'),
    get: (path: string) => {
      asked.push(path);
      if (path === '/api/me') {
        const team = { teamUID: 'T1', teamOwner: 'u1', name: 'Team', role: 'owner' };
        return meGate.then(() => ({ uid: 'u1', teams: [team], currentTeam: team }));
      }
      if (path.endsWith('/pipelines')) {
        return Promise.resolve({
          pipelines: [
            { groupUID: 'P2', isDefault: true, order: 1, nickName: 'B', contactCount: 0 },
          ],
        });
      }
      // A board answer that says which address it came from (as its pipeline's id).
      if (path.endsWith('/board')) {
        return Promise.resolve({ pipeline: { groupUID: path }, stages: [], tags: [] });
      }
      return Promise.resolve({ path });
    },
    post: (path: string, body: unknown) => {
      asked.push(`POST ${path}`);
      posted.push({ path, body });
      return Promise.resolve({
        data: { hits: [{ GTID: 'G1' }], total: { value: 1, relation: 'eq' }, searchAfter: null },
      });
    },
  },
}));

const { LAST_TEAM_KEY, startPrefetch, takePrefetched } = await import('./prefetch');

// This browser's localStorage (the team the last board load opened in).
const local = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (k: string) => local.get(k) ?? null,
    setItem: (k: string, v: string) => void local.set(k, v),
    removeItem: (k: string) => void local.delete(k),
  },
});
const { seedPrefetched } = await import('./seedPrefetch');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('board prefetch', () => {
  beforeEach(() => {
    asked.length = 0;
    posted.length = 0;
    local.clear();
    meGate = Promise.resolve();
    takePrefetched();
  });

  it('reads board addresses and nothing else', () => {
    expect(parseBoardPath('/contacts/pipeline')).toEqual({ pipelineID: null, stageUID: null });
    expect(parseBoardPath('/contacts/pipeline/P%201/S1')).toEqual({
      pipelineID: 'P 1',
      stageUID: 'S1',
    });
    expect(parseBoardPath('/contact/G1')).toBeNull();
    expect(parseBoardPath('/contacts/pipeline/a/b/c')).toBeNull();
  });

  it('asks for nothing on other pages', async () => {
    await startPrefetch('/setup/tags');
    expect(takePrefetched()).toBeNull();
    expect(asked).toEqual([]);
  });

  it("asks for the URL's board before the pipeline list and seeds the screens' queries", async () => {
    const client = new QueryClient();
    startPrefetch('/contacts/pipeline/P1');
    seedPrefetched(client);
    await settle();
    expect(asked).toEqual([
      '/api/me',
      '/api/teams/T1/validation-info',
      '/api/teams/T1/pipelines/P1/board',
      '/api/teams/T1/pipelines',
    ]);
    expect(client.getQueryData(meQueryKey)).toMatchObject({ uid: 'u1' });
    expect(client.getQueryData(validationInfoKey('T1'))).toBeDefined();
    expect(client.getQueryData(pipelineKeys.list('T1'))).toHaveLength(1);
    expect(client.getQueryData(pipelineKeys.board('T1', 'P1'))).toMatchObject({
      pipeline: { groupUID: '/api/teams/T1/pipelines/P1/board' },
    });
  });

  it('opens the default pipeline when the URL names none', async () => {
    const client = new QueryClient();
    startPrefetch('/contacts/pipeline');
    seedPrefetched(client);
    await settle();
    expect(asked.at(-1)).toBe('/api/teams/T1/pipelines/P2/board');
    expect(client.getQueryData(pipelineKeys.board('T1', 'P2'))).toBeDefined();
  });

  it("asks for the last board team's board alongside /api/me, and uses it when /api/me agrees", async () => {
    let open = () => {};
    meGate = new Promise((resolve) => (open = resolve));
    local.set(LAST_TEAM_KEY, 'T1');
    const client = new QueryClient();
    startPrefetch('/contacts/pipeline/P1');
    seedPrefetched(client);
    await settle();
    // /api/me has not answered, and the board is already on its way.
    expect(asked).toEqual([
      '/api/me',
      '/api/teams/T1/validation-info',
      '/api/teams/T1/pipelines/P1/board',
      '/api/teams/T1/pipelines',
    ]);
    open();
    await settle();
    expect(asked).toHaveLength(4);
    expect(client.getQueryData(pipelineKeys.board('T1', 'P1'))).toBeDefined();
    expect(local.get(LAST_TEAM_KEY)).toBe('T1');
  });

  it('asks again for the team /api/me names when the last board team was another', async () => {
    local.set(LAST_TEAM_KEY, 'T9');
    const client = new QueryClient();
    startPrefetch('/contacts/pipeline/P1');
    seedPrefetched(client);
    await settle();
    expect(asked).toContain('/api/teams/T9/pipelines/P1/board');
    expect(asked.slice(-3)).toEqual([
      '/api/teams/T1/validation-info',
      '/api/teams/T1/pipelines/P1/board',
      '/api/teams/T1/pipelines',
    ]);
    expect(client.getQueryData(pipelineKeys.board('T9', 'P1'))).toBeUndefined();
    expect(client.getQueryData(pipelineKeys.board('T1', 'P1'))).toBeDefined();
    expect(local.get(LAST_TEAM_KEY)).toBe('T1');
  });

  it('reads table addresses', () => {
    expect(parseTablePath('/contacts/table')).toEqual({ pipelineID: null });
    expect(parseTablePath('/contacts/table/P%201')).toEqual({ pipelineID: 'P 1' });
    expect(parseTablePath('/contacts/table/a/b')).toBeNull();
    expect(parseBoardPath('/contacts/table/P1')).toBeNull();
  });

  it("asks for a table address's first /v2 page for its filter and sort, keyed as the table's query", async () => {
    let open = () => {};
    meGate = new Promise((resolve) => (open = resolve));
    local.set(LAST_TEAM_KEY, 'T1');
    const client = new QueryClient();
    const search = '?q=ann&tagsAny=t1,t2&hasEmail=1&sort=name&dir=desc';
    startPrefetch('/contacts/table/P1', search);
    seedPrefetched(client);
    await settle();
    // The guessed team's page leaves before /api/me answers.
    expect(asked).toEqual([
      '/api/me',
      '/api/teams/T1/validation-info',
      'POST /v2',
      '/api/teams/T1/pipelines',
    ]);
    const query = queryFromUrl('P1', search);
    expect(posted[0]!.body).toEqual(searchBody('T1', query, null));
    open();
    await settle();
    expect(asked).toHaveLength(4);
    // The same key as useTableSearch's: an infinite query holding the first page.
    const data = client.getQueryData<{ pages: unknown[]; pageParams: unknown[] }>(
      tableKeys.search('T1', queryFromUrl('P1', search)),
    );
    expect(data?.pages).toHaveLength(1);
    expect(data?.pageParams).toEqual([null]);
    expect(client.getQueryData(validationInfoKey('T1'))).toBeDefined();
    expect(client.getQueryData(pipelineKeys.board('T1', 'P1'))).toBeUndefined();
    expect(local.get(LAST_TEAM_KEY)).toBe('T1');
  });

  it('asks for the table of the team /api/me names when the guess was another', async () => {
    local.set(LAST_TEAM_KEY, 'T9');
    const client = new QueryClient();
    startPrefetch('/contacts/table', '');
    seedPrefetched(client);
    await settle();
    expect(posted.map((p) => (p.body as { teamUID: string }).teamUID)).toEqual(['T9', 'T1']);
    expect(
      client.getQueryData(tableKeys.search('T9', queryFromUrl(undefined, ''))),
    ).toBeUndefined();
    expect(client.getQueryData(tableKeys.search('T1', queryFromUrl(undefined, '')))).toBeDefined();
  });
});
