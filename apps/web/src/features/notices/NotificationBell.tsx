import { ActionIcon, Button, Group, Indicator, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMyNotices, useStampNotice } from './api';
import { NoticeLink } from './NoticeView';
import { unseenNotices } from './visible';

/** The header's bell: how many notices the user has not dismissed, and the list on click. */
export function NotificationBell() {
  const list = useMyNotices();
  const stamp = useStampNotice();
  const unseen = unseenNotices(list.data ?? [], Date.now());
  const label = unseen.length === 1 ? '1 notification' : `${unseen.length} notifications`;
  return (
    <Popover width={340} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={label}>
          <Indicator
            label={unseen.length}
            size={16}
            offset={6}
            disabled={unseen.length === 0}
            data-testid="notice-count"
          >
            <ActionIcon size="lg" aria-label={`Notifications: ${label}`}>
              <IconBell size={18} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {unseen.length === 0 ? (
          <Text size="sm" c="dimmed">
            No new notifications.
          </Text>
        ) : (
          <Stack gap="sm" mah={420} style={{ overflowY: 'auto' }}>
            {unseen.map((n) => (
              <Stack key={n.notificationId} gap={2}>
                {n.title && (
                  <Text size="sm" fw={700}>
                    {n.title}
                  </Text>
                )}
                {n.text && <Text size="sm">{n.text}</Text>}
                <NoticeLink n={{ ...n, fontColor: null }} />
                <Group gap={4} ml={-8}>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => stamp.mutate({ id: n.notificationId, kind: 'dismiss' })}
                  >
                    Dismiss
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => stamp.mutate({ id: n.notificationId, kind: 'never' })}
                  >
                    Don&apos;t show again
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
