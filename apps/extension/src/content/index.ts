/**
 * The content script of Facebook, Instagram and LinkedIn pages (one classic script: MV3 content
 * scripts cannot be modules). On every page load it asks the service worker for its next step
 * (the worker never pushes), sends the one message it is given and reports the result; a page
 * that is not sending watches for messages the user sends by hand, which count against the caps.
 */
// First: before any zod schema is built (see zod-jitless.ts).
import '../zod-jitless';
import { nextStepSchema, type ContentMessage, type NextStep } from '../protocol';
import { platformForHost } from '../platforms';
import { watchManualSends } from '../platforms/manual';
import { sendMessage } from '../platforms/sender';

/**
 * After the extension is updated or reloaded, this old script keeps running without a worker:
 * `chrome.runtime.id` is gone and sendMessage throws "Extension context invalidated".
 */
class ContextGone extends Error {}

async function tell(message: ContentMessage): Promise<unknown> {
  if (!globalThis.chrome?.runtime?.id) throw new ContextGone();
  try {
    return await chrome.runtime.sendMessage(message);
  } catch (error) {
    if (!chrome.runtime?.id || /context invalidated/i.test(String(error))) throw new ContextGone();
    throw error;
  }
}

async function run(): Promise<void> {
  const data = platformForHost(location.hostname);
  if (!data) return;
  const { platform } = data;
  // Watching starts with the page, not after the worker answers: a message the user sends
  // while that answer is on its way still counts against the caps.
  const stopWatching = watchManualSends(document, data, (recipient) => {
    tell({ type: 'manual_send', platform, recipient }).catch((error: unknown) => {
      if (error instanceof ContextGone) stopWatching();
    });
  });
  const answer = nextStepSchema.safeParse(
    await tell({ type: 'next_step', platform, href: location.href }).catch((error: unknown) => {
      stopWatching();
      throw error;
    }),
  );
  if (!answer.success) {
    stopWatching();
    return;
  }
  const next: NextStep = answer.data;
  console.debug(`Leadloom: ${next.step}`);
  // Only a page the processor does not use is the user's own.
  if (next.step !== 'idle') stopWatching();
  if (next.step === 'send') {
    const { itemUID, leaseId } = next.job;
    const result = await sendMessage(document, data, next.job);
    console.debug(`Leadloom: ${itemUID} ${result.code}: ${result.detail}`);
    await tell({ type: 'step_result', platform, itemUID, leaseId, ...result });
  }
}

run().catch((error: unknown) => {
  // A replaced extension stops quietly; the new one's script runs on the next page load.
  if (error instanceof ContextGone) return;
  console.warn('Leadloom:', error);
});
