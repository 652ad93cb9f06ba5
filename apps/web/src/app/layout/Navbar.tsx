import { AppShell, Badge, NavLink, ScrollArea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ReviewBadge } from '../../features/outreach/ReviewBadge';
import { TaskDueBadge } from '../../features/tasks/TaskDueBadge';
import { hasScreen } from '../screens';
import { isActivePath, MAIN_NAV, PROFILE_NAV, SETUP_NAV, type NavItem } from './navigation';

/** Counts shown beside a navigation item. */
const NAV_BADGES: Partial<Record<string, () => ReactNode>> = {
  '/tasks': () => <TaskDueBadge />,
  '/messages': () => <ReviewBadge />,
};

function NavItemLink({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
}) {
  const Icon = item.icon;
  // Says plainly that a screen is not there yet rather than opening an empty one.
  if (!hasScreen(item.to)) {
    return (
      <NavLink
        component="div"
        label={item.label}
        leftSection={<Icon size={18} stroke={1.6} />}
        rightSection={
          <Badge size="xs" variant="light" color="gray">
            Soon
          </Badge>
        }
        disabled
        aria-disabled
        title={`${item.label} is coming in a later release`}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={isActivePath(pathname, item.activePrefix ?? item.to)}
      rightSection={NAV_BADGES[item.to]?.()}
      onClick={onNavigate}
    />
  );
}

/** The left navigation; `onNavigate` closes it on small screens. */
export function Navbar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const SetupIcon = SETUP_NAV.icon;
  const inSetup = isActivePath(pathname, SETUP_NAV.activePrefix);
  const [setupOpen, setSetupOpen] = useState(inSetup);
  return (
    <>
      <AppShell.Section grow component={ScrollArea} p="xs">
        {MAIN_NAV.map((item) => (
          <NavItemLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
        ))}
        {/* A button (Mantine's default is an <a> without href: no focus, no role), saying
            whether its group is open. */}
        <NavLink
          component="button"
          type="button"
          aria-expanded={setupOpen}
          label={SETUP_NAV.label}
          leftSection={<SetupIcon size={18} stroke={1.6} />}
          opened={setupOpen}
          onChange={setSetupOpen}
          childrenOffset="md"
        >
          {SETUP_NAV.items.map((item) => (
            <NavItemLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </NavLink>
      </AppShell.Section>
      <AppShell.Section p="xs" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <NavItemLink item={PROFILE_NAV} pathname={pathname} onNavigate={onNavigate} />
      </AppShell.Section>
    </>
  );
}
