import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import type { Services } from '../services';
import { createApp } from './app';
import { OPENAPI_PATH } from './openapi';

/**
 * `/api/openapi.json` is a valid OpenAPI 3.1 document and describes every route of the app's
 * route table (the routers of every module manifest, the realtime stream, the app's own).
 */

// The document and the route table need no database: the routes are built, never called.
const app = createApp({ config: loadConfig({}), logger: createLogger('silent') } as Services);

/** `METHOD /path` of every route the app answers, in OpenAPI's spelling (`{param}`). */
const ROUTE_TABLE = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
  ),
].sort();

async function fetchDocument() {
  const res = await app.request(OPENAPI_PATH);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    openapi: string;
    paths: Record<string, Record<string, unknown>>;
  };
}

const documented = (doc: Awaited<ReturnType<typeof fetchDocument>>) =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );

describe('the OpenAPI document', () => {
  it('is published without a token and validates as OpenAPI 3.1', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route of the route table', async () => {
    // Every route is declared with its contract (openRoute, or documentRoute for a route that
    // parses in steps of its own): a new route without one fails here.
    const inDocument = documented(await fetchDocument());
    const missing = ROUTE_TABLE.filter((r) => !inDocument.has(r));
    expect(missing, `routes without a contract:\n${missing.join('\n')}`).toEqual([]);
    expect(ROUTE_TABLE.length).toBeGreaterThan(150);
  });

  it('documents the better-auth endpoints the app keeps', async () => {
    const inDocument = documented(await fetchDocument());
    expect(inDocument).toContain('POST /api/auth/sign-in/email');
    expect(inDocument).toContain('GET /api/auth/token');
    expect(inDocument).not.toContain('POST /api/auth/sign-up/email');
  });
});
