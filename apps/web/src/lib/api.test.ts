// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api';

/** What the test server saw, in order. */
interface Hit {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl: string;
let hits: Hit[];
let routes: Record<string, Handler>;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const invalidToken = (res: ServerResponse) =>
  json(res, 401, { error: { status: 'unauthenticated', message: 'Unauthorized: Invalid token' } });

/** A token endpoint that mints t1, t2, ... and counts its calls. */
function mintTokens(tokenFor: (n: number) => string = (n) => `t${n}`) {
  let minted = 0;
  routes['GET /api/auth/token'] = (_req, res) => json(res, 200, { token: tokenFor(++minted) });
  return () => minted;
}

function hitsOf(path: string) {
  return hits.filter((hit) => hit.path.split('?')[0] === path);
}

/** An unsigned JWT whose only claim is `exp` (seconds). */
function jwtExpiringAt(expSeconds: number, id: string) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ exp: expSeconds, jti: id })}.sig`;
}

beforeEach(async () => {
  hits = [];
  routes = {};
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
      const handler = routes[`${req.method} ${path.split('?')[0]}`];
      if (handler) handler(req, res, body);
      else json(res, 404, { error: { status: 'not-found', message: 'No such route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('identity token', () => {
  it('sends the token as a bearer header and fetches it once for concurrent calls', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (_req, res) => json(res, 200, { ok: true });
    const api = createApiClient({ baseUrl });

    await Promise.all([api.get('/api/things'), api.get('/api/things'), api.get('/api/things')]);
    await api.get('/api/things');

    expect(minted()).toBe(1);
    expect(hitsOf('/api/things').map((hit) => hit.authorization)).toEqual(
      Array(4).fill('Bearer t1'),
    );
  });

  it('sends extra headers (X-Change-Id) with the call, and the bearer token still wins', async () => {
    mintTokens();
    let seen: Record<string, string | string[] | undefined> = {};
    routes['PUT /api/things'] = (req, res) => {
      seen = req.headers;
      json(res, 200, { ok: true });
    };
    const api = createApiClient({ baseUrl });

    await api.put(
      '/api/things',
      { a: 1 },
      { headers: { 'X-Change-Id': 'c-1', Authorization: 'x' } },
    );

    expect(seen['x-change-id']).toBe('c-1');
    expect(seen.authorization).toBe('Bearer t1');
    expect(seen['content-type']).toBe('application/json');
  });

  it('refreshes the token and retries once on "Unauthorized: Invalid token"', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (req, res) =>
      req.headers.authorization === 'Bearer t1' ? invalidToken(res) : json(res, 200, { n: 7 });
    const api = createApiClient({ baseUrl });

    await expect(api.get('/api/things')).resolves.toEqual({ n: 7 });
    expect(minted()).toBe(2);
    expect(hitsOf('/api/things').map((hit) => hit.authorization)).toEqual([
      'Bearer t1',
      'Bearer t2',
    ]);
  });

  it('retries only once: a second rejection reaches the caller', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (_req, res) => invalidToken(res);
    const api = createApiClient({ baseUrl });

    const error = await api.get('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 401,
      status: 'unauthenticated',
      message: 'Unauthorized: Invalid token',
    });
    expect(hitsOf('/api/things')).toHaveLength(2);
    expect(minted()).toBe(2);
  });

  it('does not retry other 401 answers', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (_req, res) =>
      json(res, 401, { error: { status: 'permission-denied', message: 'User not logged in' } });
    const api = createApiClient({ baseUrl });

    await expect(api.get('/api/things')).rejects.toMatchObject({ status: 'permission-denied' });
    expect(hitsOf('/api/things')).toHaveLength(1);
    expect(minted()).toBe(1);
  });

  it('shares one refresh when several calls are rejected with the same token', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (req, res) =>
      req.headers.authorization === 'Bearer t1' ? invalidToken(res) : json(res, 200, {});
    const api = createApiClient({ baseUrl });
    await api.getToken();

    await Promise.all([api.get('/api/things'), api.get('/api/things'), api.get('/api/things')]);
    expect(minted()).toBe(2);
    expect(hitsOf('/api/things').filter((hit) => hit.authorization === 'Bearer t2')).toHaveLength(
      3,
    );
  });

  it('fetches a new token shortly before the current one expires', async () => {
    let clock = 1_000_000_000_000;
    const minted = mintTokens((n) => jwtExpiringAt(clock / 1000 + 15 * 60, `n${n}`));
    routes['GET /api/things'] = (_req, res) => json(res, 200, {});
    const api = createApiClient({ baseUrl, now: () => clock });

    await api.get('/api/things');
    clock += 10 * 60_000;
    await api.get('/api/things');
    expect(minted()).toBe(1);
    clock += 4 * 60_000 + 45_000; // 15 s before expiry
    await api.get('/api/things');
    expect(minted()).toBe(2);
  });

  it('reports "User not logged in" when there is no session', async () => {
    routes['GET /api/auth/token'] = (_req, res) =>
      json(res, 401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const api = createApiClient({ baseUrl });

    await expect(api.get('/api/things')).rejects.toMatchObject({
      httpStatus: 401,
      status: 'permission-denied',
      message: 'User not logged in',
    });
    expect(hitsOf('/api/things')).toHaveLength(0);
  });
});

describe('error mapping', () => {
  beforeEach(() => {
    mintTokens();
  });

  it("keeps the server's status, message and field", async () => {
    routes['POST /api/things'] = (_req, res) =>
      json(res, 400, {
        error: { status: 'invalid-argument', message: 'Name is required', field: 'name' },
      });
    const api = createApiClient({ baseUrl });

    const error = await api.post('/api/things', { name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 400,
      status: 'invalid-argument',
      message: 'Name is required',
      field: 'name',
    });
    expect(hitsOf('/api/things')[0]?.body).toBe('{"name":""}');
  });

  it("falls back to 'bad-response' / 'Something went wrong' for an unknown body", async () => {
    routes['GET /api/things'] = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
    };
    const api = createApiClient({ baseUrl });

    await expect(api.get('/api/things')).rejects.toMatchObject({
      httpStatus: 502,
      status: 'bad-response',
      message: 'Something went wrong',
    });
  });

  it('uses a plain-text body as the message', async () => {
    routes['GET /api/things'] = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Database is restarting');
    };
    const api = createApiClient({ baseUrl });

    await expect(api.get('/api/things')).rejects.toMatchObject({
      status: 'bad-response',
      message: 'Database is restarting',
    });
  });

  it("maps a network failure to status 'error'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}` });

    const error = await api.get('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 'error', httpStatus: null });
  });

  it('encodes query parameters and skips empty ones', async () => {
    routes['GET /api/things'] = (_req, res) => json(res, 200, []);
    const api = createApiClient({ baseUrl });

    await api.get('/api/things', { query: { cursor: 'a b&c', limit: 50, skip: undefined } });
    expect(hitsOf('/api/things')[0]?.path).toBe('/api/things?cursor=a+b%26c&limit=50');
  });
});

describe('sign-in and sign-out', () => {
  it("shows the server's message for wrong credentials", async () => {
    routes['POST /api/auth/sign-in/email'] = (_req, res) =>
      json(res, 401, { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' });
    const api = createApiClient({ baseUrl });

    await expect(api.signIn('a@example.com', 'nope')).rejects.toMatchObject({
      httpStatus: 401,
      status: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    const [hit] = hitsOf('/api/auth/sign-in/email');
    expect(JSON.parse(hit?.body ?? '')).toEqual({ email: 'a@example.com', password: 'nope' });
    expect(hit?.authorization).toBeUndefined();
  });

  it('returns the user on success and drops the previous token', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (_req, res) => json(res, 200, {});
    routes['POST /api/auth/sign-in/email'] = (_req, res) =>
      json(res, 200, { user: { id: 'u1', email: 'a@example.com', name: 'Ann' } });
    const api = createApiClient({ baseUrl });
    await api.get('/api/things');

    await expect(api.signIn('a@example.com', 'secret')).resolves.toMatchObject({ id: 'u1' });
    await api.get('/api/things');
    expect(minted()).toBe(2);
  });

  it('signs out with an empty JSON body and forgets the token even when that fails', async () => {
    const minted = mintTokens();
    routes['GET /api/things'] = (_req, res) => json(res, 200, {});
    routes['POST /api/auth/sign-out'] = (_req, res) => json(res, 500, {});
    const api = createApiClient({ baseUrl });
    await api.get('/api/things');

    await expect(api.signOut()).rejects.toBeInstanceOf(ApiError);
    expect(hitsOf('/api/auth/sign-out')[0]?.body).toBe('{}');
    await api.get('/api/things');
    expect(minted()).toBe(2);
  });
});

describe('download (a file answer, e.g. the CSV export)', () => {
  it('POSTs the JSON body with the token, retries once on a rejected token, and leaves the body unread', async () => {
    mintTokens();
    routes['POST /api/file'] = (req, res) => {
      if (req.headers.authorization === 'Bearer t1') return invalidToken(res);
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="x.csv"',
      });
      res.write('a,b\r\n');
      res.end('1,2\r\n');
    };
    const api = createApiClient({ baseUrl });

    const response = await api.download('/api/file', { searchObj: {} });

    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(await response.text()).toBe('a,b\r\n1,2\r\n');
    expect(hitsOf('/api/file').map((h) => [h.authorization, h.body])).toEqual([
      ['Bearer t1', '{"searchObj":{}}'],
      ['Bearer t2', '{"searchObj":{}}'],
    ]);
  });

  it('turns an error answer into an ApiError naming the field', async () => {
    mintTokens();
    routes['POST /api/file'] = (_req, res) =>
      json(res, 400, {
        error: { status: 'invalid-argument', message: 'Bad column', field: 'columns.0' },
      });
    const api = createApiClient({ baseUrl });

    const error = await api.download('/api/file', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field).toBe('columns.0');
    expect((error as ApiError).httpStatus).toBe(400);
  });
});
