import { useEffect } from 'react';
import { api } from '../../lib/api';
import { onRealtimeLeader } from '../../lib/realtime';
import { pageRuntime, sendToExtension } from '../extension/bridge';
import { queueStatusStore } from '../queue-status/useQueueStatus';
import type { QueueStatus } from '@leadloom/core';
import { launchQueueProcessors } from './processorLauncher';

// Once per page load: a tab that becomes leader later (the first one closed) asks once too.
let launched = false;

/**
 * Mounted once in the signed-in layout: when this tab is the leader tab, asks the extension to
 * open the queue processors that have messages due (processorLauncher.ts).
 */
export function QueueProcessorLauncher() {
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const stop = onRealtimeLeader(() => {
      if (launched) return;
      launched = true;
      cancel = launchQueueProcessors({
        fetchStatus: () =>
          api
            .get<QueueStatus>('/api/outreach/status')
            .then((a) => ({ platforms: a.platforms, now: Date.parse(a.now) })),
        openProcessor: (message) => sendToExtension(pageRuntime(), message),
        saveStatus: (platform, status) => queueStatusStore().set(platform, status),
        origin: window.location.origin,
        now: () => Date.now(),
        random: Math.random,
        setTimer: (run, ms) => {
          const id = window.setTimeout(run, ms);
          return () => window.clearTimeout(id);
        },
      });
    });
    return () => {
      stop();
      if (cancel) {
        cancel();
        // Unmounted before it finished (a re-mount in development): the next mount asks again.
        launched = false;
      }
    };
  }, []);
  return null;
}
