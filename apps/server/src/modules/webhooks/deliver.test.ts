import http from 'node:http';
import type { LookupOptions } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateWebhookSecrets, signingSecrets } from '@leadloom/core';
import {
  checkWebhookUrl,
  guardedLookup,
  RefusedAddressError,
  refusedLiteral,
  type ResolvedAddress,
  type Resolver,
} from './address-guard';
import { deliverWebhook, type DeliverOptions, type WebhookAnswer } from './deliver';
import { generateWebhookSecret, newWebhookMessageId } from './secrets';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback (ephemeral port) that counts every connection made to it. */
async function receiver(
  answer: (req: Received, res: http.ServerResponse) => void = (_req, res) => res.end('ok'),
) {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      answer(r, res);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  servers.push(server);
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    connections: () => connections,
  };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A resolver that answers from a script, one answer per call, and counts the calls. */
function scriptedResolver(...answers: string[][]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const next = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

const secret = generateWebhookSecret();
const payload = {
  type: 'contact.updated',
  timestamp: '2026-11-28T10:00:00.000Z',
  data: { id: 'c1' },
};
const base = (extra: Partial<DeliverOptions> = {}): DeliverOptions => ({
  id: newWebhookMessageId(),
  now: Date.now,
  allowPrivateAddresses: true,
  timeoutMs: 5_000,
  ...extra,
});
const answered = (d: Awaited<ReturnType<typeof deliverWebhook>>): WebhookAnswer => {
  if (!d.answered) throw new Error(`expected an answer, got ${d.failure}: ${d.message}`);
  return d;
};
/** The official Standard Webhooks library, as a receiver would use it. */
const officialVerify = (s: string, r: Received) =>
  new Webhook(s).verify(r.body, r.headers as Record<string, string>);

describe('deliverWebhook to a receiver', () => {
  it('POSTs the JSON payload signed so that the official library verifies it, and reports the answer', async () => {
    const rx = await receiver((_r, res) => res.writeHead(202).end('accepted'));
    const options = base();
    const result = answered(await deliverWebhook(rx.url, payload, [secret], options));
    expect(result).toMatchObject({ status: 202, body: 'accepted', bodyTruncated: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [r] = rx.received;
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['webhook-id']).toBe(options.id);
    expect(JSON.parse(r!.body)).toEqual(payload);
    expect(officialVerify(secret, r!)).toEqual(payload);
    expect(() => officialVerify(generateWebhookSecret(), r!)).toThrow();
  });

  it("stamps the attempt with the app clock's time", async () => {
    const rx = await receiver();
    const appNow = Date.UTC(2030, 0, 1, 12, 0, 0);
    answered(await deliverWebhook(rx.url, payload, [secret], base({ now: () => appNow })));
    expect(rx.received[0]!.headers['webhook-timestamp']).toBe(String(appNow / 1000));
  });

  it('during a rotation sends both signatures, and a receiver holding either secret verifies', async () => {
    const old = generateWebhookSecret();
    const next = generateWebhookSecret();
    const now = Date.now();
    const rotated = rotateWebhookSecrets({ current: old }, next, now, 60_000);
    const rx = await receiver();
    answered(await deliverWebhook(rx.url, payload, signingSecrets(rotated, now), base()));
    const r = rx.received[0]!;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(officialVerify(old, r)).toEqual(payload);
    expect(officialVerify(next, r)).toEqual(payload);

    // After the grace period only the new secret signs.
    answered(await deliverWebhook(rx.url, payload, signingSecrets(rotated, now + 60_000), base()));
    const later = rx.received[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(officialVerify(next, later)).toEqual(payload);
    expect(() => officialVerify(old, later)).toThrow();
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const rx = await receiver((r, res) => {
      if (r.url === '/hook') res.writeHead(302, { location: '/elsewhere' }).end();
      else res.end('followed');
    });
    const result = answered(await deliverWebhook(rx.url, payload, [secret], base()));
    expect(result).toMatchObject({ status: 302, location: '/elsewhere' });
    expect(rx.received.map((r) => r.url)).toEqual(['/hook']);
  });

  it('keeps at most the cap of a large answer and reports it cut', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const rx = await receiver((r, res) => res.end(r.url === '/hook' ? big : 'x'.repeat(64 * 1024)));
    const result = answered(await deliverWebhook(rx.url, payload, [secret], base()));
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(64 * 1024);
    expect(result.bodyTruncated).toBe(true);
    const exact = answered(await deliverWebhook(`${rx.url}-exact`, payload, [secret], base()));
    expect(exact.body).toHaveLength(64 * 1024);
    expect(exact.bodyTruncated).toBe(false);
    const small = answered(
      await deliverWebhook(rx.url, payload, [secret], base({ maxAnswerBytes: 100 })),
    );
    expect(small.body).toBe('x'.repeat(100));
  });

  it('gives up at the timeout when the receiver never answers', async () => {
    const rx = await receiver(() => undefined);
    const result = await deliverWebhook(rx.url, payload, [secret], base({ timeoutMs: 300 }));
    expect(result).toMatchObject({ answered: false, failure: 'timeout' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(rx.received).toHaveLength(1);
  });

  it('reports a refused connection as a network failure', async () => {
    const rx = await receiver();
    const closed = rx.url;
    servers.pop()!.close();
    await new Promise((r) => setTimeout(r, 20));
    const result = await deliverWebhook(closed, payload, [secret], base());
    expect(result).toMatchObject({ answered: false, failure: 'network' });
  });

  it('refuses a payload over the limit before connecting', async () => {
    const rx = await receiver();
    const result = await deliverWebhook(
      rx.url,
      { data: 'y'.repeat(2_000) },
      [secret],
      base({ maxPayloadBytes: 1_000 }),
    );
    expect(result).toMatchObject({ answered: false, failure: 'too-large' });
    expect(rx.connections()).toBe(0);
  });
});

// Every address these tests let a socket reach is loopback, so that even a broken guard sends
// nothing off this machine; the rules for other addresses are checked without a socket below.
describe('the address guard', () => {
  const guarded = (extra: Partial<DeliverOptions> = {}) =>
    base({ allowPrivateAddresses: false, ...extra });

  it('reaches a host name resolving to loopback only when private addresses are allowed', async () => {
    const rx = await receiver();
    const url = `http://hooks.example.test:${rx.port}/hook`;
    const resolve = scriptedResolver(['127.0.0.1']);

    const refused = await deliverWebhook(url, payload, [secret], guarded({ resolve }));
    expect(refused).toMatchObject({ answered: false, failure: 'refused-address' });
    expect(resolve.calls).toEqual(['hooks.example.test']);
    expect(rx.connections()).toBe(0);

    // The same URL and resolver with the switch on connects: the refusal was the guard's.
    answered(await deliverWebhook(url, payload, [secret], base({ resolve })));
    expect(rx.connections()).toBe(1);
  });

  it.each([
    ['an IPv4 literal', (port: number) => `http://127.0.0.1:${port}/hook`],
    ['a decimal IPv4 literal', (port: number) => `http://2130706433:${port}/hook`],
    ['a hex IPv4 literal', (port: number) => `http://0x7f.1:${port}/hook`],
    ['an IPv4-mapped IPv6 literal', (port: number) => `http://[::ffff:127.0.0.1]:${port}/hook`],
    ['localhost', (port: number) => `http://localhost:${port}/hook`],
  ])('never connects to loopback through %s', async (_what, url) => {
    const rx = await receiver();
    const result = await deliverWebhook(url(rx.port), payload, [secret], guarded());
    expect(result).toMatchObject({ answered: false, failure: 'refused-address' });
    expect(rx.connections()).toBe(0);
  });

  it('refuses a name re-pointed to loopback after the URL was checked (DNS rebinding)', async () => {
    const rx = await receiver();
    const url = `http://rebind.example.test:${rx.port}/hook`;
    // Public when the URL is saved, loopback when the webhook goes out.
    const resolve = scriptedResolver(['93.184.216.34'], ['127.0.0.1']);
    expect(await checkWebhookUrl(url, { resolve })).toMatchObject({ ok: true });
    const result = await deliverWebhook(url, payload, [secret], guarded({ resolve }));
    expect(result).toMatchObject({ answered: false, failure: 'refused-address' });
    expect(result.answered ? '' : result.message).toContain('127.0.0.1');
    expect(resolve.calls).toHaveLength(2);
    expect(rx.connections()).toBe(0);
  });

  it('refuses schemes other than http and https, and URLs with credentials', async () => {
    const rx = await receiver();
    for (const url of [
      `ftp://127.0.0.1:${rx.port}/hook`,
      `file:///etc/passwd`,
      `http://user:pass@127.0.0.1:${rx.port}/hook`,
      `http://user@127.0.0.1:${rx.port}/hook`,
      'not a url',
    ]) {
      const result = await deliverWebhook(url, payload, [secret], base());
      expect(result).toMatchObject({ answered: false, failure: 'invalid-url' });
    }
    expect(rx.connections()).toBe(0);
  });

  it('checkWebhookUrl answers at once for the forms that save a URL', async () => {
    expect(await checkWebhookUrl('http://10.0.0.1/x')).toMatchObject({
      ok: false,
      failure: 'refused-address',
    });
    expect(await checkWebhookUrl('https://u:p@hooks.example.com/')).toMatchObject({
      ok: false,
      failure: 'invalid-url',
    });
    expect(
      await checkWebhookUrl('https://hooks.example.test/', {
        resolve: scriptedResolver(['fd00::1']),
      }),
    ).toMatchObject({ ok: false, failure: 'refused-address' });
  });
});

describe('guardedLookup, without a socket', () => {
  const lookup = (
    resolve: Resolver,
    allowPrivate: boolean,
    options: LookupOptions = { all: true },
  ) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) =>
      guardedLookup(resolve, allowPrivate)('hooks.example.test', options, (err, address, family) =>
        done({ err, address, family }),
      ),
    );

  it('hands public addresses to the socket in the form it asked for', async () => {
    const resolve = scriptedResolver(['93.184.216.34', '2606:2800:220:1::1']);
    expect((await lookup(resolve, false)).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    expect(await lookup(resolve, false, { family: 6 })).toMatchObject({
      err: null,
      address: '2606:2800:220:1::1',
      family: 6,
    });
  });

  it('refuses the whole answer when one address is refused', async () => {
    const { err } = await lookup(scriptedResolver(['93.184.216.34', '127.0.0.1']), false);
    expect(err).toBeInstanceOf(RefusedAddressError);
    expect((err as RefusedAddressError).reason).toBe('loopback');
  });

  it('asks the resolver again on every connection', async () => {
    const resolve = scriptedResolver(['93.184.216.34'], ['::ffff:127.0.0.1']);
    expect((await lookup(resolve, false)).err).toBeNull();
    expect((await lookup(resolve, false)).err).toBeInstanceOf(RefusedAddressError);
    expect(resolve.calls).toHaveLength(2);
  });

  it('keeps the metadata service refused even when private addresses are allowed', async () => {
    expect((await lookup(scriptedResolver(['10.1.2.3']), true)).err).toBeNull();
    const { err } = await lookup(scriptedResolver(['169.254.169.254']), true);
    expect((err as RefusedAddressError).reason).toBe('link-local');
    expect(refusedLiteral('169.254.169.254', true)?.reason).toBe('link-local');
    expect(refusedLiteral('[fe80::1]', true)?.reason).toBe('link-local');
    expect(refusedLiteral('[::1]', true)).toBeNull();
    expect(refusedLiteral('[::1]', false)?.reason).toBe('loopback');
  });
});
