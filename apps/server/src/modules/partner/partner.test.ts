import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { createUser, signIn } from '../../test/team-fixtures';
import type { TestClient } from '../../test/http-client';
import { parsePartnerDomains, partnerHost } from './domains';

let s: TestServices;
let user: TestClient;
let uid: string;

beforeAll(async () => {
  s = await startTestServices({ PARTNER_DOMAINS: 'academy.partner.example, https://Shop.Example' });
  uid = await createUser(s, 'sso@example.com');
  user = await signIn(s, 'sso@example.com');
});
afterAll(() => s.cleanup());

const call = (data: unknown) =>
  user.api('/api/functions/v2-auth-generateCFToken', {
    method: 'POST',
    body: JSON.stringify({ data }),
  });

describe('partner domains', () => {
  it('reads hosts, lower-cased, and drops anything that is not https', () => {
    expect(parsePartnerDomains('a.example, https://B.example ,http://c.example,,ftp://d')).toEqual([
      'a.example',
      'b.example',
    ]);
    expect(partnerHost('https://a.example/path')).toBeNull();
    expect(partnerHost('a.example:8443')).toBe('a.example:8443');
  });
});

describe(`v2-auth-generateCFToken (${ENGINE})`, () => {
  it('signs a 5-minute token for an allowed domain, verifiable with our JWKS, aud = domain', async () => {
    const res = await call({
      domain: 'academy.partner.example',
      redirect_to: 'https://academy.partner.example/course/1',
    });
    expect(res.status).toBe(200);
    const { token } = (res.body as { result: { token: string } }).result;
    const jwks = (await s.auth.api.getJwks()) as JSONWebKeySet;
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      audience: 'academy.partner.example',
    });
    expect(payload).toMatchObject({ sub: uid, email: 'sso@example.com' });
    expect(payload.exp! - payload.iat!).toBe(300);
    // Not an identity token: our API refuses it.
    expect(await s.verifyToken(token)).toBeNull();
  });

  it('refuses a domain off the allow-list, naming it', async () => {
    const res = await call({ domain: 'evil.example', redirect_to: 'https://evil.example/' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: { status: 'permission-denied', message: expect.stringContaining('evil.example') },
    });
  });

  it('refuses plain http and a redirect to another host', async () => {
    const http = await call({
      domain: 'http://shop.example',
      redirect_to: 'https://shop.example/',
    });
    expect(http.status).toBe(400);
    const insecure = await call({ domain: 'shop.example', redirect_to: 'http://shop.example/' });
    expect(insecure.status).toBe(400);
    const elsewhere = await call({ domain: 'shop.example', redirect_to: 'https://evil.example/' });
    expect(elsewhere).toMatchObject({ status: 400, body: { error: { field: 'redirect_to' } } });
  });
});
