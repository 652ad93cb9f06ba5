import { api } from '../../lib/api';
import { pageRuntime, sendToExtension } from '../extension/bridge';
import { queueStatusStore } from '../queue-status/useQueueStatus';
import type { QueueStatus } from '@leadloom/core';
import { openDueProcessors, type LauncherDeps, type LauncherStatus } from './processorLauncher';

/** The status answer with the server's clock read as ms: its times count from it. */
const asLauncherStatus = (a: QueueStatus): LauncherStatus => ({
  platforms: a.platforms,
  now: Date.parse(a.now),
});

const fetchStatus = () => api.get<QueueStatus>('/api/outreach/status').then(asLauncherStatus);

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
 * now due open, or wake, at once. `status`: the status after the change, when the answer
 * carried it. Without the extension nothing is asked (the presence bar already says so).
 */
export function wakeDueProcessors(status?: QueueStatus): void {
  if (!pageRuntime()) return;
  void (async () => {
    try {
      const known = status ? asLauncherStatus(status) : await fetchStatus();
      await openDueProcessors(browserLauncherDeps(), known);
    } catch {
      // No status now: the next load of the app asks again.
    }
  })();
}
