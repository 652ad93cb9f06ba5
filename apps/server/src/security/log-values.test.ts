import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env';
import { respondError } from '../http/errors';
import { createLogger } from '../logger';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { ownerWithTeam } from '../test/team-fixtures';

/**
 * A failing statement is logged with its text and error code but none of its values: they are
 * people's names, e-mail addresses and notes.
 */

const SECRET = 'ada.secret@example.com';

let s: TestServices;
let teamUID: string;
beforeAll(async () => {
  s = await startTestServices();
  teamUID = (await ownerWithTeam(s, 'log-values@example.com')).teamUID;
});
afterAll(() => s.cleanup());

/** The log lines of one request whose handler runs `statement`, through the app's error path. */
async function logOfFailing(statement: () => Promise<unknown>) {
  const lines: string[] = [];
  const log = createLogger('info', { write: (line: string) => void lines.push(line) });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('log', log);
    await next();
  });
  app.onError((error, c) => respondError(c, error));
  app.post('/fail', async (c) => {
    await statement();
    return c.json({});
  });
  const res = await app.request('/fail', { method: 'POST' });
  expect(res.status).toBe(500);
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, entry: JSON.parse(lines[0]!) as { err: Record<string, unknown> } };
}

describe(`database errors are logged without values (${ENGINE})`, () => {
  it('a unique violation: the statement and code, not the parameters nor the key', async () => {
    const insert = () =>
      s.database.db.execute(sql`
        INSERT INTO contact (team_uid, gtid, full_name) VALUES (${teamUID}, 'same-gtid', ${SECRET})`);
    await insert();
    const { line, entry } = await logOfFailing(insert);
    expect(line).toContain('INSERT INTO contact');
    expect(entry.err.code).toBe('23505');
    expect(entry.err.message).toMatch(/duplicate key/);
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain(teamUID);
    expect(entry.err).not.toHaveProperty('params');
    expect(entry.err).not.toHaveProperty('detail');
  });

  it('a data exception that quotes its value', async () => {
    const { line, entry } = await logOfFailing(() =>
      s.database.db.execute(sql`SELECT ${SECRET}::int AS n`),
    );
    expect(entry.err.message).toMatch(/invalid input syntax for type integer/);
    expect(line).toContain('::int');
    expect(line).not.toContain(SECRET);
  });
});
