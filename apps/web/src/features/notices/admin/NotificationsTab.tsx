import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { StateMessage } from '../../../ui/StateMessage';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { QueryError } from '../../../ui/QueryError';
import { TableSkeleton } from '../../../ui/Skeletons';
import { toastError } from '../../../ui/toast';
import type { Notice } from '../types';
import { useAdminNotices, useNoticeChange } from './adminApi';
import { NoticeEditor } from './NoticeEditor';

/** /admin/notifications: write, preview, publish and delete in-app notifications. */
export function NotificationsTab() {
  const list = useAdminNotices();
  const change = useNoticeChange();
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Notice | null>(null);

  const togglePublished = (n: Notice, published: boolean) =>
    change.mutate(
      { kind: 'update', id: n.notificationId, body: { published } },
      { onError: (e) => toastError(e, 'Could not change the notification') },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Toasts, banners and modals shown in the web app and the extension.
        </Text>
        <Button leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          New notification
        </Button>
      </Group>
      <Paper p={0}>
        {list.isPending ? (
          <TableSkeleton columns={5} />
        ) : list.isError ? (
          <QueryError title="Couldn't load the notifications" query={list} />
        ) : list.data.length === 0 ? (
          <StateMessage icon={<IconBell size={24} />} title="No notifications yet">
            Write one to tell every user about news, maintenance or a new feature.
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" highlightOnHover aria-label="Notifications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Page</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((n) => (
                  <Table.Tr key={n.notificationId}>
                    <Table.Td>
                      <Text size="sm" fw={600} lineClamp={1}>
                        {n.title || n.text}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{n.type}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{n.platform}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={n.page ? undefined : 'dimmed'}>
                        {n.page ?? 'every page'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={n.published}
                        aria-label={`Published: ${n.title || n.text}`}
                        onChange={(e) => togglePublished(n, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon aria-label={`Edit ${n.title}`} onClick={() => setEditing(n)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            color="red"
                            aria-label={`Delete ${n.title}`}
                            onClick={() => setDeleting(n)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <NoticeEditor editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete notification?"
        confirmLabel="Delete"
        loading={change.isPending}
        onConfirm={() =>
          deleting &&
          change.mutate(
            { kind: 'delete', id: deleting.notificationId },
            {
              onSuccess: () => setDeleting(null),
              onError: (e) => toastError(e, 'Could not delete the notification'),
            },
          )
        }
      >
        {`"${deleting?.title || deleting?.text || ''}" disappears for everyone, with every user's dismissals of it.`}
      </ConfirmModal>
    </Stack>
  );
}
