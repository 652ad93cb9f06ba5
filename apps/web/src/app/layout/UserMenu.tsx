import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDevicesOff,
  IconLogout,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { SignOutEverywhereModal } from '../../features/auth/SignOutEverywhereModal';
import { useCurrentUser } from '../../features/session/CurrentUser';
import { safeUrl } from '../../lib/safeUrl';

export function UserMenu() {
  const user = useCurrentUser();
  const [confirmOpened, confirm] = useDisclosure(false);
  return (
    <>
      <Menu width={220}>
        <Menu.Target>
          <UnstyledButton
            aria-label="Account menu"
            px="xs"
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar
                src={safeUrl(user.photoURL)}
                name={user.name || user.email}
                color="initials"
                size={28}
              />
              <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
                {user.name || user.email}
              </Text>
              {/* On a phone the avatar alone opens the menu: the header has no room to spare. */}
              <Box visibleFrom="sm" style={{ display: 'flex' }}>
                <IconChevronDown size={14} stroke={1.6} />
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="xs" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Item
            component={Link}
            to="/profile"
            leftSection={<IconUserCircle size={16} stroke={1.6} />}
          >
            Profile
          </Menu.Item>
          {user.isSuper && (
            // Only super admins may open /admin (SPEC §6); others never see the way in.
            <Menu.Item
              component={Link}
              to="/admin"
              leftSection={<IconShieldLock size={16} stroke={1.6} />}
            >
              Admin
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to="/logout"
            leftSection={<IconLogout size={16} stroke={1.6} />}
          >
            Sign out
          </Menu.Item>
          <Menu.Item onClick={confirm.open} leftSection={<IconDevicesOff size={16} stroke={1.6} />}>
            Sign out everywhere…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SignOutEverywhereModal opened={confirmOpened} onClose={confirm.close} />
    </>
  );
}
