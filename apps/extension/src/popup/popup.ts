// First: before any zod schema is built (see zod-jitless.ts).
import '../zod-jitless';
import { createAppClient } from '../background/app-client';
import { chromeSessionStore, SESSION_STORAGE_KEY } from '../session';
import { createSessionKeeper } from '../session-keeper';
import { getStatusAnswerSchema } from '@leadloom/core';
import { PROCESSOR_STATUS_REQUEST } from '../protocol';
import { clockTime, popupHintText, popupStatusText, processorLines } from './status';

function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html lacks #${id}`);
  return found as T;
}

const status = element('status');
const hint = element('hint');
const signOut = element<HTMLButtonElement>('sign-out');
const processors = element('processors');
const lines = element('processor-lines');
const store = chromeSessionStore();
const keeper = createSessionKeeper({
  session: store,
  app: createAppClient(__APP_ORIGIN__),
  now: () => Date.now(),
});

element('open-app').setAttribute('href', __APP_ORIGIN__);
element('origin').textContent = new URL(__APP_ORIGIN__).host;

function show(signedIn: boolean): void {
  status.textContent = popupStatusText(signedIn);
  status.dataset.state = signedIn ? 'signed-in' : 'signed-out';
  hint.textContent = popupHintText(signedIn);
  signOut.hidden = !signedIn;
}

/** Asks the service worker what each queue processor does, and lists those that run. */
async function renderProcessors(): Promise<void> {
  const answer = getStatusAnswerSchema.safeParse(
    await chrome.runtime.sendMessage(PROCESSOR_STATUS_REQUEST).catch(() => null),
  );
  const shown = answer.success ? processorLines(answer.data, clockTime) : [];
  lines.replaceChildren(
    ...shown.map((line) => {
      const item = document.createElement('li');
      item.className = 'popup__line';
      item.dataset.state = line.state;
      const name = document.createElement('span');
      name.className = 'popup__line-name';
      name.textContent = line.name;
      const text = document.createElement('span');
      text.className = 'popup__line-text';
      text.textContent = line.text;
      item.append(name, text);
      return item;
    }),
  );
  processors.hidden = shown.length === 0;
}

/** Reads the stored session; with `recheck`, asks the app whether it still holds first. */
async function render(recheck: boolean): Promise<void> {
  show(recheck ? await keeper.isLive({ recheck: true }) : (await store.read()) !== null);
}

signOut.addEventListener('click', () => {
  signOut.disabled = true;
  void keeper.signOut().finally(() => {
    signOut.disabled = false;
    void render(false);
  });
});

// Signing in or out from the app while the popup is open updates it in place.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && SESSION_STORAGE_KEY in changes) void render(false);
  // The processors keep their state in storage: any change of it is a change of the lines.
  if (Object.keys(changes).some((key) => key.startsWith('processor.'))) void renderProcessors();
});

// Each time it opens the popup asks the app: a session the app ended (its sign-out, sign-out
// everywhere) shows as signed out at once, not after the background's next check.
void render(true);
void renderProcessors();
