import { describe, expect, it, vi } from 'vitest';
import type { SessionStore, StoredSession } from '../../session';
import { createOutreachApi, SIGNED_OUT_MESSAGE } from './outreach-api';

const APP = 'https://app.example.com';

function store(value: StoredSession | null): SessionStore {
  return { read: async () => value, write: async () => undefined, clear: async () => undefined };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The app: an identity token for session `s1`, then whatever `answer` gives for the call. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  return vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const auth = new Headers(init.headers).get('authorization');
    if (url === `${APP}/api/auth/token`) {
      return auth === 'Bearer s1' ? json(200, { token: 'jwt-1' }) : json(401, {});
    }
    if (auth !== 'Bearer jwt-1') return json(401, {});
    return answer(url, init);
  });
}

const session = { token: 's1', uid: 'u1' };

describe('outreach api', () => {
  it('leases with the identity token the session gives', async () => {
    const wait = {
      now: '2026-11-28T09:59:00.000Z',
      item: null,
      wait: { reason: 'spacing', until: '2026-11-28T10:00:00.000Z' },
    };
    const fetchFn = fakeFetch((url, init) => {
      expect([url, init.method]).toEqual([`${APP}/api/outreach/facebook/lease`, 'POST']);
      return json(200, wait);
    });
    const api = createOutreachApi(APP, store(session), fetchFn);
    expect(await api.lease('facebook')).toEqual({ ok: true, value: wait });
  });

  it('reports a result to the item of its team, with the lease', async () => {
    const fetchFn = fakeFetch((url, init) => {
      expect(url).toBe(`${APP}/api/teams/team-1/outreach/items/item-1/result`);
      expect(JSON.parse(String(init.body))).toEqual({ leaseId: 'l1', code: 'sent' });
      return json(200, { duplicate: false });
    });
    const api = createOutreachApi(APP, store(session), fetchFn);
    expect(await api.report('team-1', 'item-1', { leaseId: 'l1', code: 'sent' })).toMatchObject({
      ok: true,
    });
  });

  it('no session, or one the app ended, is unauthorized', async () => {
    const fetchFn = fakeFetch(() => json(200, {}));
    expect(await createOutreachApi(APP, store(null), fetchFn).lease('linkedin')).toEqual({
      ok: false,
      kind: 'unauthorized',
      message: SIGNED_OUT_MESSAGE,
    });
    expect(
      await createOutreachApi(APP, store({ token: 'gone', uid: 'u1' }), fetchFn).lease('linkedin'),
    ).toMatchObject({ ok: false, kind: 'unauthorized' });
  });

  it('tells a lease that ended (409), a refusal (4xx), a failure (5xx) and no network apart', async () => {
    const cases: Array<[() => Response | Promise<Response>, string, string]> = [
      [
        () => json(409, { error: { status: 'conflict', message: 'This lease has ended' } }),
        'conflict',
        'This lease has ended',
      ],
      [
        () => json(404, { error: { message: 'Message not found' } }),
        'refused',
        'Message not found',
      ],
      [() => new Response('oops', { status: 503 }), 'network', 'Leadloom answered HTTP 503'],
      [
        () => Promise.reject(new TypeError('fetch failed')),
        'network',
        'Leadloom could not be reached (fetch failed)',
      ],
    ];
    for (const [answer, kind, message] of cases) {
      const api = createOutreachApi(APP, store(session), fakeFetch(answer));
      expect(await api.report('t', 'i', { leaseId: 'l', code: 'retry' })).toEqual({
        ok: false,
        kind,
        message,
      });
    }
  });

  it('a lease answer off the contract is not taken as an item', async () => {
    const api = createOutreachApi(
      APP,
      store(session),
      fakeFetch(() => json(200, { item: {} })),
    );
    expect(await api.lease('facebook')).toMatchObject({ ok: false, kind: 'network' });
    // The server's clock must be a time: a wait measured from anything else would be no wait.
    const wait = { reason: 'spacing', until: '2026-11-28T10:00:00.000Z' };
    const badNow = createOutreachApi(
      APP,
      store(session),
      fakeFetch(() => json(200, { now: 'soon', item: null, wait })),
    );
    expect(await badNow.lease('facebook')).toMatchObject({ ok: false, kind: 'network' });
  });
});
