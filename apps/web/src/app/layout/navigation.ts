import {
  IconAffiliate,
  IconArrowsSort,
  IconBrain,
  IconChartBar,
  IconChecklist,
  IconLayoutKanban,
  IconMessages,
  IconPlugConnected,
  IconPuzzle,
  IconSettings,
  IconTable,
  IconTag,
  IconTags,
  IconTemplate,
  IconTimeline,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Paths under this prefix also mark the item active (defaults to `to`). */
  activePrefix?: string;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  activePrefix: string;
  items: NavItem[];
}

export const MAIN_NAV: NavItem[] = [
  { label: 'Pipeline', to: '/contacts/pipeline', icon: IconLayoutKanban },
  { label: 'Table', to: '/contacts/table', icon: IconTable },
  { label: 'Tasks', to: '/tasks', icon: IconChecklist },
  { label: 'Dashboards', to: '/dashboard/home', icon: IconChartBar, activePrefix: '/dashboard' },
  { label: 'Messages', to: '/messages', icon: IconMessages },
  { label: 'Workflows', to: '/workflows', icon: IconAffiliate },
];

export const SETUP_NAV: NavGroup = {
  label: 'Setup',
  icon: IconSettings,
  activePrefix: '/setup',
  items: [
    { label: 'Pipelines', to: '/setup/pipelines', icon: IconTimeline },
    { label: 'Pipeline order', to: '/setup/pipelines-order', icon: IconArrowsSort },
    { label: 'Tags', to: '/setup/tags', icon: IconTags },
    { label: 'Labels', to: '/setup/labels', icon: IconTag },
    { label: 'Messaging', to: '/setup/messaging', icon: IconTemplate },
    { label: 'Tasks templates', to: '/setup/tasks', icon: IconChecklist },
    { label: 'Connections', to: '/setup/connections', icon: IconPlugConnected },
    { label: 'AI', to: '/setup/ai', icon: IconBrain },
    { label: 'Extension', to: '/setup/extension', icon: IconPuzzle },
  ],
};

export const PROFILE_NAV: NavItem = { label: 'Profile', to: '/profile', icon: IconUserCircle };

/** Exact path or a sub-path of `prefix`; "/setup/pipelines" is not active on "/setup/pipelines-order". */
export function isActivePath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
