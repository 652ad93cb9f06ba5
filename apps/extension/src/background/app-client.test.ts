import { describe, expect, it, vi } from 'vitest';
import { createAppClient } from './app-client';

const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('app client of the background', () => {
  it('exchanges the one-time token at the app origin', async () => {
    const fetchFn = vi.fn(async () => answer(200, { sessionToken: 's', uid: 'u' }));
    const client = createAppClient('http://127.0.0.1:4000', fetchFn as typeof fetch);
    expect(await client.exchange('t')).toEqual({ sessionToken: 's', uid: 'u' });
    expect(fetchFn).toHaveBeenCalledWith('http://127.0.0.1:4000/api/extension/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":"t"}',
    });
  });

  it('fails the exchange on a refusal or an answer of another shape', async () => {
    await expect(
      createAppClient('http://a', (async () => answer(401)) as typeof fetch).exchange('t'),
    ).rejects.toThrow('HTTP 401');
    await expect(
      createAppClient('http://a', (async () => answer(200, { token: 1 })) as typeof fetch).exchange(
        't',
      ),
    ).rejects.toThrow();
  });

  it('validates with the bearer session: 200 valid, 401 invalid, anything else unknown', async () => {
    const seen: (string | null)[] = [];
    const statusFor = { s200: 200, s401: 401, s502: 502 } as Record<string, number>;
    const fetchFn = (async (_url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get('authorization');
      seen.push(auth);
      return answer(statusFor[auth!.slice(7)]!);
    }) as unknown as typeof fetch;
    const client = createAppClient('http://a', fetchFn);
    expect(await client.validate('s200')).toBe('valid');
    expect(await client.validate('s401')).toBe('invalid');
    expect(await client.validate('s502')).toBe('unknown');
    expect(seen[0]).toBe('Bearer s200');
    const offline = createAppClient('http://a', (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(await offline.validate('s')).toBe('unknown');
  });

  it('ends the session with DELETE and its bearer; false when the app is unreachable', async () => {
    const fetchFn = vi.fn(async () => new Response(null, { status: 204 }));
    const client = createAppClient('http://127.0.0.1:4000', fetchFn as typeof fetch);
    expect(await client.end('s1')).toBe(true);
    expect(fetchFn).toHaveBeenCalledWith('http://127.0.0.1:4000/api/extension/session', {
      method: 'DELETE',
      headers: { authorization: 'Bearer s1' },
    });
    const down = createAppClient('http://127.0.0.1:4000', (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(await down.end('s1')).toBe(false);
  });
});
