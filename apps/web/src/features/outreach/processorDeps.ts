import { api } from '../../lib/api';
import { pageRuntime, sendToExtension } from '../extension/bridge';
import { queueStatusStore } from '../queue-status/useQueueStatus';
import type { PlatformStatus } from './api';
import { openDueProcessors, type LauncherDeps } from './processorLauncher';

const fetchStatus = () =>
  api.get<{ platforms: PlatformStatus[] }>('/api/outreach/status').then((a) => a.platforms);

/** The launcher's dependencies in this tab: the API, the extension and the shared queue status. */
export function browserLauncherDeps(): LauncherDeps {
  return {
    fetchStatus,
    openProcessor: (message) => sendToExtension(pageRuntime(), message),
    saveStatus: (platform, status) => queueStatusStore().set(platform, status),
    origin: window.location.origin,
    now: () => Date.now(),
    random: Math.random,
    setTimer: (run, ms) => {
      const id = window.setTimeout(run, ms);
      return () => window.clearTimeout(id);
    },
  };
}

/**
 * The user just made messages due (resumed, approved, queued): the processors of the platforms
 * now due open, or wake, at once. `platforms`: the status after the change, when the answer
 * carried it. Without the extension nothing is asked (the presence bar already says so).
 */
export function wakeDueProcessors(platforms?: readonly PlatformStatus[]): void {
  if (!pageRuntime()) return;
  void (async () => {
    try {
      await openDueProcessors(browserLauncherDeps(), platforms ?? (await fetchStatus()));
    } catch {
      // No status now: the next load of the app asks again.
    }
  })();
}
