import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  messageQueuePlacement,
  QUEUE_PLATFORMS,
  queueProcessorSchedule,
  queueStatusShard,
} from './message-queue';

describe('messageQueuePlacement', () => {
  it.each([
    [
      { status: 'pending', queuedToUID: 'boss' },
      { queue: 'msgQueueReview', uid: 'boss' },
    ],
    [
      { status: 'pending', queuedToUID: '' },
      { queue: 'msgQueueReview', uid: 'me' },
    ],
    [{ status: 'pending' }, { queue: 'msgQueueReview', uid: 'me' }],
    [
      { status: 'queued', queuedToUID: 'boss' },
      { queue: 'msgQueue', uid: 'me' },
    ],
    [{ status: 'sent' }, { queue: 'msgQueue', uid: 'me' }],
    [{}, { queue: 'msgQueue', uid: 'me' }],
  ])('%j → %j', (item, placement) => {
    expect(messageQueuePlacement(item, 'me')).toEqual(placement);
  });
});

describe('queueProcessorSchedule', () => {
  it('offsets Instagram by 50 when Facebook also opens', () => {
    expect(queueProcessorSchedule(['instagram', 'facebook'], () => 0)).toEqual([
      { platform: 'facebook', delayMs: 2000, offset: 0 },
      { platform: 'instagram', delayMs: 2000, offset: 50 },
    ]);
  });

  it('gives the first processor offset 0', () => {
    expect(queueProcessorSchedule(['instagram'], () => 0.5)).toEqual([
      { platform: 'instagram', delayMs: 3000, offset: 0 },
    ]);
    expect(queueProcessorSchedule(['linkedin', 'instagram'], () => 0).map((l) => l.offset)).toEqual(
      [0, 50],
    );
    expect(queueProcessorSchedule(QUEUE_PLATFORMS, () => 0).map((l) => l.offset)).toEqual([
      0, 50, 100,
    ]);
  });

  it('draws one delay per processor', () => {
    const draws = [0, 0.25, 0.999];
    expect(
      queueProcessorSchedule(QUEUE_PLATFORMS, () => draws.shift() ?? 0).map((l) => l.delayMs),
    ).toEqual([2000, 2500, 3998]);
  });

  it('keeps every delay within 2–4 s, whatever the random source says', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (r) =>
        queueProcessorSchedule(['facebook'], () => r).every(
          (l) => l.delayMs >= 2000 && l.delayMs <= 4000,
        ),
      ),
    );
    const real = queueProcessorSchedule(['facebook']);
    expect(real[0]?.delayMs).toBeGreaterThanOrEqual(2000);
  });

  it('opens nothing for no platforms', () => {
    expect(queueProcessorSchedule([])).toEqual([]);
  });
});

describe('queueStatusShard', () => {
  it('is deterministic and in 1..3', () => {
    fc.assert(
      fc.property(fc.string(), (team) => {
        const shard = queueStatusShard(team);
        return shard === queueStatusShard(team) && [1, 2, 3].includes(shard);
      }),
    );
  });

  it('is fixed for known ids (changing the function would move teams)', () => {
    // FNV-1a 32-bit of "" is 0x811c9dc5 = 2166136261; 2166136261 % 3 = 1 → shard 2.
    expect(queueStatusShard('')).toBe(2);
    expect(queueStatusShard('a')).toBe((0xe40c292c % 3) + 1);
    expect(queueStatusShard('team-1', 1)).toBe(1);
  });

  it('spreads ids over all shards', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[queueStatusShard(`team${i}`) - 1]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });

  it('rejects a bad shard count', () => {
    expect(() => queueStatusShard('t', 0)).toThrow(RangeError);
    expect(() => queueStatusShard('t', 1.5)).toThrow(RangeError);
  });
});
