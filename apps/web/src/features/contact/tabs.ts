import {
  IconChecklist,
  IconCurrencyDollar,
  IconHistory,
  IconId,
  IconMessageQuestion,
  IconNote,
  type Icon,
} from '@tabler/icons-react';

/**
 * The contact page's tabs, in tab-bar order. Messages and AI drafts (later issues) slot
 * in here: one entry each, and a panel in ContactPage's PANELS.
 */
export const CONTACT_TABS = [
  { value: 'activity', label: 'Activity', icon: IconHistory },
  { value: 'notes', label: 'Notes', icon: IconNote },
  { value: 'tasks', label: 'Tasks', icon: IconChecklist },
  { value: 'deals', label: 'Deals', icon: IconCurrencyDollar },
  { value: 'answers', label: 'Answers', icon: IconMessageQuestion },
  { value: 'details', label: 'Details', icon: IconId },
] as const satisfies readonly { value: string; label: string; icon: Icon }[];

export type ContactTab = (typeof CONTACT_TABS)[number]['value'];

export const DEFAULT_CONTACT_TAB: ContactTab = 'activity';

export function isContactTab(value: string | undefined): value is ContactTab {
  return CONTACT_TABS.some((tab) => tab.value === value);
}

/** The page's address for a tab and pipeline (`/contact/:GTID/:tab?/:pipelineID?`). */
export function contactPath(GTID: string, tab?: ContactTab, pipelineID?: string | null): string {
  let path = `/contact/${encodeURIComponent(GTID)}`;
  if (tab || pipelineID) path += `/${tab ?? DEFAULT_CONTACT_TAB}`;
  if (pipelineID) path += `/${encodeURIComponent(pipelineID)}`;
  return path;
}
