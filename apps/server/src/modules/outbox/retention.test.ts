import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { OutboxDispatcher } from './dispatcher';
import {
  OUTBOX_RETENTION_CRON,
  OUTBOX_RETENTION_DAYS,
  OUTBOX_RETENTION_QUEUE,
  pruneFinishedOutbox,
} from './retention';
import { queueRows, recordingConsumer, rowsOf } from './test-helpers';

const DAY = 86_400_000;

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());
afterEach(() => s.testClock.reset());

const prune = () => pruneFinishedOutbox(s, s.clock.now() - OUTBOX_RETENTION_DAYS * DAY, 2);

describe(`finished outbox rows are kept for the retention, then deleted (${ENGINE})`, () => {
  it('deletes done and failed rows once finished longer ago than the retention, never open ones', async () => {
    const kind = 'kept';
    await queueRows(s, 'team-kept', kind, 5);
    const answers = recordingConsumer((row) =>
      row.payload.n === 5 ? { outcome: 'failed', error: 'no' } : { outcome: 'done' },
    );
    await new OutboxDispatcher(s.database, s.logger, { kind, consume: answers.consume }).drain();
    await queueRows(s, 'team-kept', kind, 1, 30 * DAY);

    s.testClock.advance(OUTBOX_RETENTION_DAYS * DAY - 60_000);
    expect(await prune()).toBe(0);
    s.testClock.advance(2 * 60_000);
    // Five finished rows in batches of two; the row due in 30 days stays.
    expect(await prune()).toBe(5);
    expect((await rowsOf(s, kind)).map((r) => r.state)).toEqual(['pending']);
  });

  it('runs hourly as a job', async () => {
    expect(await s.jobs.boss.getSchedules()).toContainEqual(
      expect.objectContaining({ name: OUTBOX_RETENTION_QUEUE, cron: OUTBOX_RETENTION_CRON }),
    );
  });
});
