/**
 * Opening the queue processors (SPEC §4): 2 to 4 s after the app loads, the leader tab asks the
 * extension to open one processor window per platform that has approved messages due within
 * 10 minutes (Instagram with offset 50 when Facebook opens too: core `queueProcessorSchedule`).
 * Each outcome is saved in the queue status every tab shows (error and location).
 *
 * Everything comes in as dependencies, so the decisions are unit-tested without a browser.
 */
import { queueProcessorSchedule, type ProcessorStatus, type QueuePlatform } from '@leadloom/core';
import type { PlatformQueueStatus } from '../queue-status/queueStatus';
import type { SendResult } from '../extension/bridge';
import type { PlatformStatus } from './api';

/** Only platforms whose next send is this close get a processor. */
export const PROCESSOR_DUE_WITHIN_MS = 10 * 60_000;

/** The app's processor page of a platform, opened in the processor window. */
export function processorPageUrl(origin: string, platform: QueuePlatform): string {
  return `${origin}/queue/${platform}`;
}

/**
 * Platforms with approved messages the server would send within PROCESSOR_DUE_WITHIN_MS: not
 * paused until resumed, not outside the working hours for longer, not waiting for tomorrow's cap.
 * `now` is the server's: the times are its own, and this browser's clock may be off.
 */
export function duePlatforms(
  platforms: readonly Pick<PlatformStatus, 'platform' | 'next' | 'queue'>[],
  now: number,
): QueuePlatform[] {
  return platforms
    .filter((p) => {
      if (p.queue.approved === 0) return false;
      if (p.next.reason === 'ready') return true;
      if (p.next.at === null) return false;
      return Date.parse(p.next.at) - now <= PROCESSOR_DUE_WITHIN_MS;
    })
    .map((p) => p.platform);
}

/** GET /api/outreach/status: each platform, and the server's clock its times are read on. */
export interface LauncherStatus {
  platforms: PlatformStatus[];
  /** The server's now (ms): its next-send times count from it, not from this browser's clock. */
  now: number;
}

export interface LauncherDeps {
  fetchStatus: () => Promise<LauncherStatus>;
  openProcessor: (message: {
    type: 'open_queue_processor';
    url: string;
    platform: QueuePlatform;
    offset: number;
  }) => Promise<SendResult<'open_queue_processor'>>;
  saveStatus: (platform: QueuePlatform, status: PlatformQueueStatus) => void;
  origin: string;
  now: () => number;
  random: () => number;
  setTimer: (run: () => void, ms: number) => () => void;
}

type Launch = ReturnType<typeof queueProcessorSchedule>[number];

/** Asks the extension to open (or wake) one platform's processor and saves how it went. */
async function openProcessor(
  deps: Pick<LauncherDeps, 'openProcessor' | 'saveStatus' | 'origin'>,
  launch: Launch,
  cancelled: () => boolean = () => false,
): Promise<void> {
  const url = processorPageUrl(deps.origin, launch.platform);
  const result = await deps.openProcessor({
    type: 'open_queue_processor',
    url,
    platform: launch.platform,
    offset: launch.offset,
  });
  if (cancelled()) return;
  const error = !result.reached ? result.reason : result.answer.ok ? null : result.answer.error;
  deps.saveStatus(launch.platform, { error, location: error ? null : url });
}

/** Asks the extension for the due processors; returns a function that cancels what is pending. */
export function launchQueueProcessors(deps: LauncherDeps): () => void {
  const cancels: Array<() => void> = [];
  let cancelled = false;
  const started = deps.now();
  void (async () => {
    let status: LauncherStatus;
    try {
      status = await deps.fetchStatus();
    } catch {
      // No status, no processors this load; the queue pages say what is wrong with the server.
      return;
    }
    if (cancelled) return;
    const due = duePlatforms(status.platforms, status.now);
    for (const launch of queueProcessorSchedule(due, deps.random)) {
      // The delay counts from load, not from the status answer.
      const wait = Math.max(0, launch.delayMs - (deps.now() - started));
      cancels.push(deps.setTimer(() => void openProcessor(deps, launch, () => cancelled), wait));
    }
  })();
  return () => {
    cancelled = true;
    cancels.forEach((cancel) => cancel());
  };
}

/**
 * After the user made messages due (resumed a platform, approved or queued messages): asks the
 * extension at once for the processors of the platforms now due, given the status after the
 * change. A processor that runs already is only woken (the extension leases at once instead of
 * at its next poll); one the user closed, or that never opened this load, opens. One action is
 * one ask from the tab it was taken in, so no leader is needed.
 */
export async function openDueProcessors(
  deps: Pick<LauncherDeps, 'openProcessor' | 'saveStatus' | 'origin'>,
  status: LauncherStatus,
): Promise<void> {
  const due = duePlatforms(status.platforms, status.now);
  // The schedule gives the window offsets (Instagram beside Facebook); its delays are for load.
  await Promise.all(queueProcessorSchedule(due).map((launch) => openProcessor(deps, launch)));
}

/**
 * The queue status the processor page saves from the extension's `get_status`: its last error,
 * and where it is (the recipient being sent to), null when it waits.
 */
export function queueStatusFromProcessor(status: ProcessorStatus): PlatformQueueStatus {
  return { error: status.lastError, location: status.sending?.recipient ?? null };
}
