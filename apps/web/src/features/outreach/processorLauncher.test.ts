import type { ProcessorStatus, QueuePlatform } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../extension/bridge';
import type { PlatformStatus } from './api';
import {
  duePlatforms,
  launchQueueProcessors,
  openDueProcessors,
  PROCESSOR_DUE_WITHIN_MS,
  queueStatusFromProcessor,
  type LauncherDeps,
} from './processorLauncher';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

function status(
  platform: QueuePlatform,
  approved: number,
  next: PlatformStatus['next'],
): Pick<PlatformStatus, 'platform' | 'next' | 'queue'> {
  return { platform, next, queue: { pending: 0, approved, leased: 0 } };
}

const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('duePlatforms', () => {
  it('keeps platforms with approved messages due within 10 minutes', () => {
    expect(
      duePlatforms(
        [
          status('facebook', 3, { at: at(0), reason: 'ready' }),
          status('instagram', 2, { at: at(PROCESSOR_DUE_WITHIN_MS), reason: 'spacing' }),
          status('linkedin', 1, { at: at(PROCESSOR_DUE_WITHIN_MS + 1), reason: 'outside-hours' }),
        ],
        NOW,
      ),
    ).toEqual(['facebook', 'instagram']);
  });

  it('skips an empty queue, a pause until resumed, and pending-only queues', () => {
    expect(
      duePlatforms(
        [
          status('facebook', 0, { at: null, reason: 'empty' }),
          status('instagram', 4, { at: null, reason: 'paused' }),
          {
            platform: 'linkedin',
            next: { at: at(0), reason: 'ready' },
            queue: { pending: 5, approved: 0, leased: 0 },
          },
        ],
        NOW,
      ),
    ).toEqual([]);
  });
});

function setup(
  platforms: PlatformStatus[],
  answer: SendResult<'open_queue_processor'>,
  serverNow = NOW,
) {
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const saved: Array<[QueuePlatform, { error: string | null; location: string | null }]> = [];
  const deps: LauncherDeps = {
    fetchStatus: vi.fn(async () => ({ platforms, now: serverNow })),
    openProcessor: vi.fn(async () => answer),
    saveStatus: (platform, s) => saved.push([platform, s]),
    origin: 'https://app.example.com',
    now: () => NOW,
    random: () => 0.5,
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  return { deps, timers, saved };
}

const full = (s: Pick<PlatformStatus, 'platform' | 'next' | 'queue'>) => s as PlatformStatus;

describe('launchQueueProcessors', () => {
  it('asks 2–4 s after load for each due platform, Instagram at offset 50 next to Facebook', async () => {
    const { deps, timers, saved } = setup(
      [
        full(status('facebook', 1, { at: at(0), reason: 'ready' })),
        full(status('instagram', 1, { at: at(60_000), reason: 'spacing' })),
        full(status('linkedin', 0, { at: null, reason: 'empty' })),
      ],
      { reached: true, answer: { ok: true } },
    );
    launchQueueProcessors(deps);
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(timers.map((t) => t.ms)).toEqual([3_000, 3_000]);
    expect(deps.openProcessor).not.toHaveBeenCalled();
    timers.forEach((t) => t.run());
    expect(deps.openProcessor).toHaveBeenCalledWith({
      type: 'open_queue_processor',
      url: 'https://app.example.com/queue/facebook',
      platform: 'facebook',
      offset: 0,
    });
    expect(deps.openProcessor).toHaveBeenCalledWith({
      type: 'open_queue_processor',
      url: 'https://app.example.com/queue/instagram',
      platform: 'instagram',
      offset: 50,
    });
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved).toContainEqual([
      'facebook',
      { error: null, location: 'https://app.example.com/queue/facebook' },
    ]);
  });

  it('saves why the extension did not open it', async () => {
    const { deps, timers, saved } = setup(
      [full(status('linkedin', 1, { at: at(0), reason: 'ready' }))],
      { reached: false, reason: 'Extension messaging unavailable' },
    );
    launchQueueProcessors(deps);
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    timers[0]?.run();
    await vi.waitFor(() =>
      expect(saved).toEqual([
        ['linkedin', { error: 'Extension messaging unavailable', location: null }],
      ]),
    );
  });

  it("reads the server's times on the server's clock, whatever this browser's says", async () => {
    // This PC's clock is 3 hours behind: the server's "in 5 minutes" is due all the same.
    const serverNow = NOW + 3 * 3_600_000;
    const inFive = new Date(serverNow + 5 * 60_000).toISOString();
    const { deps, timers } = setup(
      [full(status('facebook', 1, { at: inFive, reason: 'spacing' }))],
      { reached: true, answer: { ok: true } },
      serverNow,
    );
    launchQueueProcessors(deps);
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    timers[0]?.run();
    expect(deps.openProcessor).toHaveBeenCalledWith(
      expect.objectContaining({ platform: 'facebook' }),
    );
  });

  it('cancelled before its time, it asks nothing', async () => {
    const { deps, timers } = setup([full(status('facebook', 1, { at: at(0), reason: 'ready' }))], {
      reached: true,
      answer: { ok: true },
    });
    const cancel = launchQueueProcessors(deps);
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    cancel();
    expect(timers[0]?.cancelled).toBe(true);
  });
});

describe('openDueProcessors', () => {
  it('asks at once for each platform due after the change, with the window offsets', async () => {
    const { deps, timers, saved } = setup([], { reached: true, answer: { ok: true } });
    await openDueProcessors(deps, {
      now: NOW,
      platforms: [
        full(status('facebook', 1, { at: at(30_000), reason: 'spacing' })),
        full(status('instagram', 2, { at: at(0), reason: 'ready' })),
        full(status('linkedin', 1, { at: null, reason: 'paused' })),
      ],
    });
    expect(timers).toEqual([]);
    expect(deps.fetchStatus).not.toHaveBeenCalled();
    expect(vi.mocked(deps.openProcessor).mock.calls.map(([m]) => [m.platform, m.offset])).toEqual([
      ['facebook', 0],
      ['instagram', 50],
    ]);
    expect(saved).toEqual([
      ['facebook', { error: null, location: 'https://app.example.com/queue/facebook' }],
      ['instagram', { error: null, location: 'https://app.example.com/queue/instagram' }],
    ]);
  });

  it('asks nothing while the platform stays paused or nothing is approved', async () => {
    const { deps } = setup([], { reached: true, answer: { ok: true } });
    await openDueProcessors(deps, {
      now: NOW,
      platforms: [
        full(status('facebook', 3, { at: at(86_400_000), reason: 'paused' })),
        full(status('instagram', 0, { at: null, reason: 'empty' })),
      ],
    });
    expect(deps.openProcessor).not.toHaveBeenCalled();
  });
});

describe('queueStatusFromProcessor', () => {
  it('is the last error and the recipient being sent to', () => {
    const base: ProcessorStatus = {
      state: 'running',
      sending: { itemUID: 'i1', recipient: 'https://www.facebook.com/dana' },
      nextAt: null,
      waitReason: null,
      lastError: null,
    };
    expect(queueStatusFromProcessor(base)).toEqual({
      error: null,
      location: 'https://www.facebook.com/dana',
    });
    expect(
      queueStatusFromProcessor({ ...base, state: 'idle', sending: null, lastError: 'Signed out' }),
    ).toEqual({ error: 'Signed out', location: null });
  });
});
