import { Burger, Divider, Group } from '@mantine/core';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notices/NotificationBell';
import { CommandPalette } from '../../features/palette/CommandPalette';
import { HelpButton } from '../../features/help/HelpPanel';
import { TeamSwitcher } from '../../features/session/TeamSwitcher';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle';
import { ProductMark } from '../../ui/ProductMark';
import { UserMenu } from './UserMenu';

export function Header({
  navOpened,
  onToggleNav,
}: {
  navOpened: boolean;
  onToggleNav: () => void;
}) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Link
          to="/"
          aria-label="Leadloom home"
          style={{ color: 'inherit', textDecoration: 'none' }}
        >
          <ProductMark />
        </Link>
        <Divider orientation="vertical" visibleFrom="xs" />
        <Group gap={6} wrap="nowrap" visibleFrom="xs">
          <TeamSwitcher />
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <CommandPalette />
        <NotificationBell />
        <HelpButton />
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </Group>
  );
}
