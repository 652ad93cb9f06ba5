import { Burger, Divider, Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { currentTeamName } from '../../features/session/me';
import { useCurrentUser } from '../../features/session/CurrentUser';
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
  const user = useCurrentUser();
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
          <IconUsers size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" fw={500} truncate maw={240} title="Current team">
            {currentTeamName(user)}
          </Text>
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </Group>
  );
}
