/**
 * The few browser capabilities the queue processor uses, as small interfaces: the processor's
 * logic takes them as arguments and is unit-tested with in-memory fakes; chrome-ports.ts wires
 * the real `chrome.*` APIs.
 */

/** One `chrome.storage` area, by key. */
export interface KeyValueArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

/** `chrome.alarms`: one named alarm at a time per name; `when` in ms since the epoch. */
export interface AlarmPort {
  set(name: string, when: number): Promise<void>;
  clear(name: string): Promise<void>;
}

export interface OpenWindowInput {
  /** The tabs of the new window, in order. */
  urls: string[];
  left: number;
  top: number;
  width: number;
  height: number;
}

/** `chrome.windows` and `chrome.tabs`, as far as the processor window needs them. */
export interface WindowPort {
  /** A normal, unfocused window in the normal state with these tabs (the last one active). */
  open(input: OpenWindowInput): Promise<{ windowId: number; tabIds: number[] }>;
  exists(windowId: number): Promise<boolean>;
  close(windowId: number): Promise<void>;
  /** The tabs of a window, in order (urls the extension may see). */
  tabsIn(windowId: number): Promise<Array<{ tabId: number; url: string | undefined }>>;
  /** Tabs of any window whose url is `url` (ignoring query and hash), for re-mapping. */
  findTabs(url: string): Promise<Array<{ tabId: number; windowId: number }>>;
  /** Loads `url` in the tab; false when the tab is gone. */
  navigate(tabId: number, url: string): Promise<boolean>;
  /** A new active tab in the window (the user closed the working tab). */
  openTab(windowId: number, url: string): Promise<number>;
  /** The window the user last worked in, to give focus back. */
  lastFocused(): Promise<number | null>;
  focus(windowId: number): Promise<void>;
}
