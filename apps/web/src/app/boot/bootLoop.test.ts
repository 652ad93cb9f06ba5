import { LOAD_LOOP_MAX_STEPS, TIMINGS } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import { runBootLoop, type BootLoader } from './bootLoop';

/** A loader that fails its first `failures` calls, then succeeds; counts its calls. */
function fake(name: string, half: 'min' | 'full', keys: BootLoader['keys'], failures = 0) {
  let calls = 0;
  const loader: BootLoader & { calls: () => number } = {
    name,
    half,
    keys,
    load: () => {
      calls++;
      return calls <= failures ? Promise.reject(new Error(`${name} down`)) : Promise.resolve();
    },
    calls: () => calls,
  };
  return loader;
}

const minLoaders = (failures = 0) => [
  fake('user', 'min', ['user']),
  fake('validation info', 'min', ['members', 'subscription'], failures),
];
const fullLoader = (failures = 0) =>
  fake(
    'team data',
    'full',
    ['aiContext', 'statusOptions', 'categories', 'types', 'tagSets', 'pipelineSummary', 'phases'],
    failures,
  );

function harness() {
  const sleeps: number[] = [];
  const errors: { message: string; context: Record<string, unknown> }[] = [];
  const states: string[] = [];
  return {
    sleeps,
    errors,
    states,
    options: {
      sleep: (ms: number) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      logError: (message: string, context: Record<string, unknown>) =>
        errors.push({ message, context }),
      onState: (state: string) => states.push(state),
    },
  };
}

describe('runBootLoop', () => {
  it('goes none → min → full in one pass when everything answers', async () => {
    const h = harness();
    const full = fullLoader();
    const outcome = await runBootLoop({ loaders: [...minLoaders(), full], ...h.options });
    expect(outcome).toEqual({ kind: 'full' });
    expect(h.states).toEqual(['min', 'full']);
    expect(h.sleeps).toEqual([]);
    expect(full.calls()).toBe(1);
  });

  it('does not ask for the full half before min is in', async () => {
    const h = harness();
    const full = fullLoader();
    const outcome = await runBootLoop({ loaders: [...minLoaders(2), full], ...h.options });
    expect(outcome).toEqual({ kind: 'full' });
    expect(full.calls()).toBe(1);
    expect(h.sleeps).toEqual([TIMINGS.loadLoopStepMs, TIMINGS.loadLoopStepMs]);
  });

  it('logs each failure with its context and retries it in the next pass', async () => {
    const h = harness();
    const [user, info] = minLoaders(1);
    await runBootLoop({ loaders: [user!, info!, fullLoader()], ...h.options });
    expect(user!.calls()).toBe(1); // a loader that answered is not asked again
    expect(info!.calls()).toBe(2);
    expect(h.errors).toEqual([
      {
        message: 'Boot: loading validation info failed',
        context: expect.objectContaining({ loader: 'validation info', pass: 1, of: 8 }),
      },
    ]);
  });

  it('gives up after 8 passes 1 s apart when the state never leaves none', async () => {
    const h = harness();
    const [user] = minLoaders();
    const [, info] = minLoaders(Infinity);
    const outcome = await runBootLoop({ loaders: [user!, info!, fullLoader()], ...h.options });
    expect(outcome).toEqual({ kind: 'sign-out' });
    expect(info!.calls()).toBe(LOAD_LOOP_MAX_STEPS);
    expect(h.sleeps).toEqual(Array(LOAD_LOOP_MAX_STEPS - 1).fill(TIMINGS.loadLoopStepMs));
    expect(h.errors).toHaveLength(LOAD_LOOP_MAX_STEPS);
    expect(h.states).toEqual([]);
  });

  it('keeps the app at min when only the full half keeps failing (no sign-out)', async () => {
    const h = harness();
    const full = fullLoader(Infinity);
    const outcome = await runBootLoop({ loaders: [...minLoaders(), full], ...h.options });
    expect(outcome).toEqual({ kind: 'min' });
    expect(h.states).toEqual(['min']);
    expect(full.calls()).toBe(LOAD_LOOP_MAX_STEPS);
  });

  it('stops when cancelled between passes', async () => {
    let cancel = false;
    const sleep = vi.fn(() => {
      cancel = true;
      return Promise.resolve();
    });
    const outcome = await runBootLoop({
      loaders: minLoaders(Infinity),
      sleep,
      logError: () => {},
      isCancelled: () => cancel,
    });
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('waits with real timers by default', async () => {
    vi.useFakeTimers();
    try {
      const done = runBootLoop({ loaders: [...minLoaders(1), fullLoader()], logError: () => {} });
      await vi.advanceTimersByTimeAsync(TIMINGS.loadLoopStepMs - 1);
      let settled = false;
      void done.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toEqual({ kind: 'full' });
    } finally {
      vi.useRealTimers();
    }
  });
});
