/**
 * Service worker entry (ESM). Listeners are added synchronously at the top level: Chrome only
 * wakes a stopped MV3 worker for events whose listeners exist right after the script runs.
 */
// First: before any zod schema is built (see zod-jitless.ts).
import '../zod-jitless';
import { chromeSessionStore } from '../session';
import { createAppClient } from './app-client';
import { createMessageHandler } from './handler';
import { isFromApp } from './sender';

const handle = createMessageHandler({
  version: chrome.runtime.getManifest().version,
  session: chromeSessionStore(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  app: createAppClient(__APP_ORIGIN__),
  now: () => Date.now(),
});

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  // Other origins get no answer at all, so they learn nothing about the extension.
  if (!isFromApp(sender.origin ?? sender.url, __APP_ORIGIN__)) return false;
  void handle(message).then(sendResponse);
  // true keeps the channel open until the asynchronous answer is sent.
  return true;
});
