import { useEffect } from 'react';
import { onRealtimeLeader } from '../../lib/realtime';
import { browserLauncherDeps } from './processorDeps';
import { launchQueueProcessors } from './processorLauncher';

// Once per page load: a tab that becomes leader later (the first one closed) asks once too.
let launched = false;

/**
 * Mounted once in the signed-in layout: when this tab is the leader tab, asks the extension to
 * open the queue processors that have messages due (processorLauncher.ts). What the user makes
 * due later (Resume, approving, queueing) wakes them from the tab it happens in
 * (processorDeps.ts `wakeDueProcessors`).
 */
export function QueueProcessorLauncher() {
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const stop = onRealtimeLeader(() => {
      if (launched) return;
      launched = true;
      cancel = launchQueueProcessors(browserLauncherDeps());
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
