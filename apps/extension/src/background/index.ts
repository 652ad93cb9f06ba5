/**
 * Service worker entry (ESM). Listeners are added synchronously at the top level: Chrome only
 * wakes a stopped MV3 worker for events whose listeners exist right after the script runs.
 * Nothing here holds state: the processor keeps everything in chrome.storage (processor/state.ts).
 */
// First: before any zod schema is built (see zod-jitless.ts).
import '../zod-jitless';
import { contentMessageSchema, processorStatusRequestSchema } from '../protocol';
import { chromeSessionStore } from '../session';
import { createAppClient } from './app-client';
import { createMessageHandler } from './handler';
import { chromeAlarms, chromeArea, chromeWindows } from './processor/chrome-ports';
import { createOutreachApi } from './processor/outreach-api';
import { createProcessor } from './processor/processor';
import { createProcessorStore } from './processor/state';
import { isFromApp } from './sender';

const session = chromeSessionStore();
const processor = createProcessor({
  store: createProcessorStore(chromeArea(chrome.storage.session), chromeArea(chrome.storage.local)),
  alarms: chromeAlarms(),
  windows: chromeWindows(),
  api: createOutreachApi(__APP_ORIGIN__, session),
  now: () => Date.now(),
  speed: __EXTENSION_SPEED__,
  trace: (line) => console.debug(`Leadloom queue processor: ${line}`),
});

const handle = createMessageHandler({
  version: chrome.runtime.getManifest().version,
  session,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  app: createAppClient(__APP_ORIGIN__),
  now: () => Date.now(),
  processor,
  speed: __EXTENSION_SPEED__,
});

/** Logs instead of rejecting: an event listener's rejection would only be an unhandled error. */
function run(task: Promise<unknown>) {
  task.catch((error: unknown) => console.error('Leadloom queue processor:', error));
}

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  // Other origins get no answer at all, so they learn nothing about the extension.
  if (!isFromApp(sender.origin ?? sender.url, __APP_ORIGIN__)) return false;
  void handle(message).then(sendResponse);
  // true keeps the channel open until the asynchronous answer is sent.
  return true;
});

// The content scripts (protocol.ts): only this extension's own scripts reach onMessage.
chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  // The popup asks what the processors are doing: read from chrome.storage like everything else.
  if (processorStatusRequestSchema.safeParse(message).success) {
    processor.status().then(sendResponse, () => sendResponse(null));
    return true;
  }
  const parsed = contentMessageSchema.safeParse(message);
  if (!parsed.success) return false;
  processor
    .onContentMessage(parsed.data, { tabId: sender.tab?.id })
    .then(sendResponse, (error: unknown) =>
      sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  return true;
});

chrome.alarms.onAlarm.addListener((alarm) => run(processor.onAlarm(alarm.name)));
chrome.windows.onRemoved.addListener((windowId) => run(processor.onWindowRemoved(windowId)));
chrome.runtime.onStartup.addListener(() => run(processor.onStartup()));
