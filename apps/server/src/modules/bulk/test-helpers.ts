import { expect } from 'vitest';
import type { TestServices } from '../../test/harness';
import { activitiesOf, changeLogOf, countRows, outboxOf } from '../contact-parts/test-helpers';

/** Test helpers of the bulk module's tests. */

export interface Client {
  api: (
    path: string,
    init?: { method?: string; body?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: unknown }>;
}

export interface JobStatus {
  jobUID: string;
  state: string;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  failures: { GTID: string; error: string }[];
}

/** Starts a bulk job (expecting 202) and answers its id and size. */
export async function postBulk(
  client: Client,
  teamUID: string,
  body: Record<string, unknown>,
): Promise<{ jobUID: string; total: number }> {
  const res = await client.api(`/api/teams/${teamUID}/bulk-jobs`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as { jobUID: string; total: number };
}

/** Polls a job's status until it is done or failed. */
export async function waitForJob(
  client: Client,
  teamUID: string,
  jobUID: string,
): Promise<{ job: JobStatus }> {
  for (let i = 0; i < 1200; i++) {
    const res = await client.api(`/api/teams/${teamUID}/bulk-jobs/${jobUID}`);
    const job = (res.body as { job: JobStatus }).job;
    if (job.state === 'done' || job.state === 'failed') return { job };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the bulk job did not finish');
}

/** Rows of the tables a bulk action writes (to prove a refused request wrote nothing). */
export async function bulkCounts(s: TestServices, teamUID: string) {
  const tables = [
    'bulk_job',
    'bulk_job_item',
    'contact',
    'contact_tag',
    'contact_pipeline',
    'activity',
    'outbox',
    'change_log',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t === 'activity' ? 'activities' : t] = await countRows(s, t, teamUID);
  return out as Record<string, number> & { activities: number };
}

/**
 * What actions wrote for one contact (activities, outbox rows, change-log records), with the
 * contact's own ids and name taken out and in a stable order, so a contact acted on in bulk can
 * be compared with one acted on by hand (a set-based write groups by kind what single actions
 * interleave).
 */
export async function contactFootprint(s: TestServices, teamUID: string, gtid: string) {
  const sorted = <T>(xs: T[]) =>
    xs
      .map((x) => JSON.stringify(x))
      .sort()
      .map((x) => JSON.parse(x) as unknown);
  const anon = (v: unknown) =>
    JSON.parse(
      JSON.stringify(v)
        .replaceAll(gtid, 'GTID')
        .replace(/Contact \d+/g, 'NAME')
        .replace(/"sh[-\w]+"/g, '"HISTORY"'),
    ) as unknown;
  const acts = (await activitiesOf(s, teamUID, gtid)).map((a) =>
    anon([a.type, a.action, a.pipeline_uid, a.stage_uid, a.ref_uid, a.data, a.created_by_uid]),
  );
  const outbox = (await outboxOf(s, teamUID))
    .filter((r) => JSON.stringify(r.payload).includes(gtid))
    .map((r) => anon(r.payload));
  const log = (await changeLogOf(s, teamUID))
    .filter((l) => l.id.startsWith(`${gtid}/`) || l.id === gtid)
    .map((l) => [
      l.resource,
      l.op,
      l.id
        .replace(gtid, 'GTID')
        .replace(/\/act[-\w]+$/, '/ACT')
        .replace(/\/sh[-\w]+$/, '/HISTORY'),
    ]);
  return { acts: sorted(acts), outbox: sorted(outbox), log: sorted(log) };
}
