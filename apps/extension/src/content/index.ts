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
  const answer = nextStepSchema.safeParse(
    await tell({ type: 'next_step', platform, href: location.href }),
  );
  if (!answer.success) return;
  const next: NextStep = answer.data;
  if (next.step === 'send') {
    const { itemUID, leaseId } = next.job;
    const result = await sendMessage(document, data, next.job);
    await tell({ type: 'step_result', platform, itemUID, leaseId, ...result });
  } else if (next.step === 'idle') {
    const stop = watchManualSends(document, data, (recipient) => {
      tell({ type: 'manual_send', platform, recipient }).catch((error: unknown) => {
        if (error instanceof ContextGone) stop();
      });
    });
  }
}

run().catch((error: unknown) => {
  // A replaced extension stops quietly; the new one's script runs on the next page load.
  if (error instanceof ContextGone) return;
  console.warn('Leadloom:', error);
});
