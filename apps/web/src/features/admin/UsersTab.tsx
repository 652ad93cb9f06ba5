import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCrown,
  IconCrownOff,
  IconDots,
  IconKey,
  IconUserCheck,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { useCurrentUser } from '../session/CurrentUser';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { toastError, toastSuccess } from '../../ui/toast';
import { capitalize, formatDate } from '../profile/format';
import { useAdminUsers, useUserAction, type UserAction } from './api';
import { SearchBox } from './SearchBox';
import type { AdminUser } from './types';

export function UsersTab() {
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const me = useCurrentUser();
  const action = useUserAction();
  const [confirming, setConfirming] = useState<UserAction | null>(null);

  const run = (next: UserAction) =>
    action.mutate(next, {
      onSuccess: () => {
        toastSuccess(successMessage(next));
        setConfirming(null);
      },
      onError: (error) => toastError(error),
    });

  return (
    <Stack gap="sm">
      <SearchBox
        label="Search users"
        placeholder="Search by name or e-mail"
        onSearch={setQ}
        busy={users.isFetching && !users.isPending}
      />
      <Paper p={0}>
        {users.isPending ? (
          <TableSkeleton columns={6} />
        ) : users.isError ? (
          <QueryError title="Couldn't load users" query={users} />
        ) : users.data.users.length === 0 ? (
          <StateMessage icon={<IconUsers size={24} />} title="No users found">
            {q ? `Nobody matches "${q}".` : 'There are no users yet.'}
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" stickyHeader highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Teams</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.users.map((user) => (
                  <UserRow
                    key={user.uid}
                    user={user}
                    self={user.uid === me.uid}
                    onAction={(next) =>
                      next.kind === 'reset-password' ? run(next) : setConfirming(next)
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {users.data && users.data.users.length >= 100 && (
        <Text size="xs" c="dimmed">
          Showing the first 100 matches. Narrow the search to see others.
        </Text>
      )}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? confirmTitle(confirming) : ''}
        confirmLabel={confirming ? confirmLabel(confirming) : ''}
        color={confirming && isGranting(confirming) ? 'loom' : 'red'}
        loading={action.isPending}
        onConfirm={() => confirming && run(confirming)}
      >
        {confirming ? confirmText(confirming) : ''}
      </ConfirmModal>
    </Stack>
  );
}

function UserRow({
  user,
  self,
  onAction,
}: {
  user: AdminUser;
  self: boolean;
  onAction: (action: UserAction) => void;
}) {
  const who = user.name || user.email;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {user.name || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.email}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {user.isSuper && <Badge color="violet">Super</Badge>}
          {user.banned && <Badge color="red">Disabled</Badge>}
          {!user.isSuper && !user.banned && (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {user.teams.length === 0
            ? '—'
            : user.teams.map((t) => `${t.name} (${capitalize(t.role)})`).join(', ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDate(user.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Menu>
          <Menu.Target>
            <ActionIcon aria-label={`Actions for ${who}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconKey size={14} />}
              onClick={() => onAction({ kind: 'reset-password', user })}
              disabled={user.banned}
            >
              Send reset link
            </Menu.Item>
            {self && <Menu.Label>You cannot change your own access</Menu.Label>}
            <Menu.Item
              leftSection={user.isSuper ? <IconCrownOff size={14} /> : <IconCrown size={14} />}
              onClick={() => onAction({ kind: 'super', user, value: !user.isSuper })}
              disabled={self}
            >
              {user.isSuper ? 'Remove super' : 'Make super'}
            </Menu.Item>
            <Menu.Item
              color={user.banned ? undefined : 'red'}
              leftSection={user.banned ? <IconUserCheck size={14} /> : <IconUserOff size={14} />}
              onClick={() => onAction({ kind: user.banned ? 'enable' : 'disable', user })}
              disabled={self}
            >
              {user.banned ? 'Enable user' : 'Disable user'}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

function isGranting(action: UserAction): boolean {
  return action.kind === 'enable' || (action.kind === 'super' && action.value);
}

function confirmTitle(action: UserAction): string {
  switch (action.kind) {
    case 'disable':
      return 'Disable this user?';
    case 'enable':
      return 'Enable this user?';
    case 'super':
      return action.value ? 'Make super admin?' : 'Remove super admin?';
    case 'reset-password':
      return 'Send a reset link?';
  }
}

function confirmLabel(action: UserAction): string {
  switch (action.kind) {
    case 'disable':
      return 'Disable';
    case 'enable':
      return 'Enable';
    case 'super':
      return action.value ? 'Make super' : 'Remove super';
    case 'reset-password':
      return 'Send';
  }
}

function confirmText(action: UserAction): string {
  const who = `${action.user.name || action.user.email} (${action.user.email})`;
  switch (action.kind) {
    case 'disable':
      return `${who} is signed out everywhere at once and cannot sign in until enabled again.`;
    case 'enable':
      return `${who} can sign in again.`;
    case 'super':
      return action.value
        ? `${who} gets the admin area: every user, team, plan and outgoing mail.`
        : `${who} loses access to the admin area.`;
    case 'reset-password':
      return `${who} gets an e-mail with a link to choose a new password.`;
  }
}

function successMessage(action: UserAction): string {
  const who = action.user.name || action.user.email;
  switch (action.kind) {
    case 'disable':
      return `${who} is disabled.`;
    case 'enable':
      return `${who} is enabled.`;
    case 'super':
      return action.value ? `${who} is now a super admin.` : `${who} is no longer a super admin.`;
    case 'reset-password':
      return `A reset link is on its way to ${action.user.email}.`;
  }
}
