// First: before any zod schema is built (see zod-jitless.ts).
import '../zod-jitless';
import { chromeSessionStore, SESSION_STORAGE_KEY } from '../session';
import { popupStatusText } from './status';

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html lacks #${id}`);
  return found;
}

const status = element('status');
element('open-app').setAttribute('href', __APP_ORIGIN__);

async function render(): Promise<void> {
  const signedIn = (await chromeSessionStore().read()) !== null;
  status.textContent = popupStatusText(signedIn);
  status.dataset.signedIn = String(signedIn);
}

// Signing in from the app while the popup is open updates it in place.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && SESSION_STORAGE_KEY in changes) void render();
});
void render();
