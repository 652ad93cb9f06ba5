/**
 * The data load loop of SPEC §4 as a pure state machine, driven by injected loaders, a sleep
 * and a logger so it is tested without a browser or a server (bootLoop.test.ts).
 *
 * Each pass asks every loader whose data has not arrived yet; the full half waits for the min
 * half (none → min → full). A failed load is only logged (SPEC §8) and asked again in the next
 * pass. Passes are TIMINGS.loadLoopStepMs apart, at most LOAD_LOOP_MAX_STEPS of them; core's
 * `loadLoopNext` decides after each pass whether to go on, stop, or give up ("sign-out").
 */
import {
  loadLoopNext,
  loadStateOf,
  LOAD_LOOP_MAX_STEPS,
  TIMINGS,
  type LoadedData,
  type LoadState,
} from '@leadloom/core';

export type LoadedKey = keyof LoadedData;

export interface BootLoader {
  /** For the log line of a failure. */
  name: string;
  /** 'min' loaders run first; 'full' ones only once the state has reached min. */
  half: 'min' | 'full';
  /** The pieces of LoadedData this loader brings (one call may bring several). */
  keys: readonly LoadedKey[];
  load(): Promise<unknown>;
}

export type BootOutcome =
  /** Min and full data are in. */
  | { kind: 'full' }
  /** Min is in, the full half kept failing: the app runs, the guard no longer waits. */
  | { kind: 'min' }
  /** Still "none" after the last pass: sign out, then /login after TIMINGS.signOutRedirectMs. */
  | { kind: 'sign-out' }
  /** Stopped from outside (the user or team changed). */
  | { kind: 'cancelled' };

export interface BootLoopOptions {
  loaders: readonly BootLoader[];
  /** Waits between passes; resolves early or rejects when cancelled are both fine. */
  sleep?: (ms: number) => Promise<void>;
  /** Where failures go (SPEC §8: only logged). */
  logError?: (message: string, context: Record<string, unknown>) => void;
  /** Every change of the load state, as it happens. */
  onState?: (state: LoadState, loaded: LoadedData) => void;
  isCancelled?: () => boolean;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runBootLoop(options: BootLoopOptions): Promise<BootOutcome> {
  const sleep = options.sleep ?? realSleep;
  const logError = options.logError ?? ((message, context) => console.error(message, context));
  const cancelled = options.isCancelled ?? (() => false);
  const loaded: LoadedData = {};
  const done = new Set<BootLoader>();
  let state: LoadState = 'none';

  for (let step = 1; step <= LOAD_LOOP_MAX_STEPS; step++) {
    for (const half of ['min', 'full'] as const) {
      if (half === 'full' && state === 'none') break;
      const pending = options.loaders.filter((l) => l.half === half && !done.has(l));
      // One half's calls go out together: they do not depend on each other.
      await Promise.all(
        pending.map(async (loader) => {
          try {
            await loader.load();
            done.add(loader);
            for (const key of loader.keys) loaded[key] = true;
          } catch (error) {
            logError(`Boot: loading ${loader.name} failed`, {
              loader: loader.name,
              pass: step,
              of: LOAD_LOOP_MAX_STEPS,
              error,
            });
          }
        }),
      );
      if (cancelled()) return { kind: 'cancelled' };
      const next = loadStateOf(loaded);
      if (next !== state) {
        state = next;
        options.onState?.(state, { ...loaded });
      }
    }
    if (state === 'full') return { kind: 'full' };
    const decision = loadLoopNext(step, state);
    if (decision === 'sign-out') return { kind: 'sign-out' };
    // 'done' means min is in; the full half still gets the remaining passes.
    if (step === LOAD_LOOP_MAX_STEPS) break;
    await sleep(TIMINGS.loadLoopStepMs);
    if (cancelled()) return { kind: 'cancelled' };
  }
  return state === 'none' ? { kind: 'sign-out' } : { kind: 'min' };
}
