import type { QueuePlatform } from '@leadloom/core';
import { useEffect } from 'react';
import { pageRuntime, sendToExtension } from '../extension/bridge';
import { queueStatusStore } from '../queue-status/useQueueStatus';
import { queueStatusFromProcessor } from './processorLauncher';

/** How often the processor page asks the extension how its processor is doing. */
export const PROCESSOR_STATUS_POLL_MS = 5_000;

/**
 * On the processor page: keeps the platform's queue status (error and location) in step with
 * the extension's `get_status`, saved and broadcast to every tab only when it changes.
 */
export function useProcessorStatusSync(platform: QueuePlatform | undefined) {
  useEffect(() => {
    if (!platform) return;
    let stopped = false;
    const poll = async () => {
      const runtime = pageRuntime();
      // No extension here: the presence bar says so; nothing to ask.
      if (!runtime) return;
      const result = await sendToExtension(runtime, { type: 'get_status' });
      if (stopped || !result.reached || !('platforms' in result.answer)) return;
      const next = queueStatusFromProcessor(result.answer.platforms[platform]);
      const store = queueStatusStore();
      const current = store.get()[platform];
      if (current.error !== next.error || current.location !== next.location) {
        store.set(platform, next);
      }
    };
    void poll();
    const id = window.setInterval(() => void poll(), PROCESSOR_STATUS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(id);
    };
  }, [platform]);
}
