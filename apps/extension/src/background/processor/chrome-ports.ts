/** The processor's ports on the real `chrome.*` APIs (wired in background/index.ts). */
import type { AlarmPort, KeyValueArea, WindowPort } from './ports';

export function chromeArea(area: chrome.storage.StorageArea): KeyValueArea {
  return {
    async get(key) {
      return (await area.get(key))[key];
    },
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
  };
}

export function chromeAlarms(): AlarmPort {
  return {
    async set(name, when) {
      await chrome.alarms.create(name, { when });
    },
    async clear(name) {
      await chrome.alarms.clear(name);
    },
  };
}

/** The url without query and hash: the page may have added either since it was opened. */
export function pageKey(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return null;
  }
}

export function chromeWindows(): WindowPort {
  return {
    async open({ urls, left, top, width, height }) {
      const created = await chrome.windows.create({
        url: urls,
        type: 'normal',
        // Not minimized: a hidden page's timers are throttled (RESEARCH §1); at least 1024 px
        // wide, or Facebook and Instagram switch to their mobile layout.
        state: 'normal',
        focused: false,
        left,
        top,
        width,
        height,
      });
      if (!created?.id) throw new Error('The processor window did not open');
      const tabIds = (created.tabs ?? []).flatMap((tab) => (tab.id === undefined ? [] : [tab.id]));
      const work = tabIds.at(-1);
      if (work !== undefined) {
        await chrome.tabs.update(work, { active: true, autoDiscardable: false });
      }
      return { windowId: created.id, tabIds };
    },
    async exists(windowId) {
      try {
        await chrome.windows.get(windowId);
        return true;
      } catch {
        return false;
      }
    },
    async close(windowId) {
      try {
        await chrome.windows.remove(windowId);
      } catch {
        // Already closed.
      }
    },
    async tabsIn(windowId) {
      const tabs = await chrome.tabs.query({ windowId });
      return tabs
        .sort((a, b) => a.index - b.index)
        .flatMap((tab) => (tab.id === undefined ? [] : [{ tabId: tab.id, url: tab.url }]));
    },
    async findTabs(url) {
      const key = pageKey(url);
      if (!key) return [];
      // The app origin is a host permission, so its tabs' urls are visible without "tabs".
      const tabs = await chrome.tabs.query({});
      return tabs.flatMap((tab) =>
        tab.id !== undefined && pageKey(tab.url) === key
          ? [{ tabId: tab.id, windowId: tab.windowId }]
          : [],
      );
    },
    async navigate(tabId, url) {
      try {
        await chrome.tabs.update(tabId, { url });
        return true;
      } catch {
        return false;
      }
    },
    async openTab(windowId, url) {
      const tab = await chrome.tabs.create({ windowId, url, active: true });
      if (tab.id === undefined) throw new Error('The processor tab did not open');
      return tab.id;
    },
    async lastFocused() {
      try {
        const window = await chrome.windows.getLastFocused();
        return window.id ?? null;
      } catch {
        return null;
      }
    },
    async focus(windowId) {
      try {
        await chrome.windows.update(windowId, { focused: true });
      } catch {
        // The user closed it meanwhile.
      }
    },
  };
}
