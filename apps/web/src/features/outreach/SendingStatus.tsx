import { PLATFORM_NAMES, type QueuePlatform } from '@leadloom/core';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { toastError } from '../../ui/toast';
import { useOutreachMutations, useQueueStatus, type PlatformStatus } from './api';

const time = (iso: string, zone: string) =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(iso));

/** "Next message at 14:05 (spacing between messages)", in words a person reads. */
export function nextSendWords(p: PlatformStatus): string {
  const at = p.next.at ? time(p.next.at, p.timeZone) : null;
  switch (p.next.reason) {
    case 'empty':
      return 'Nothing queued';
    case 'ready':
      return 'Sends as soon as the extension is ready';
    case 'busy':
      return 'Sending a message now';
    case 'paused':
      return at ? `Paused until ${at}` : 'Paused until you resume';
    case 'outside-hours':
      return `Outside working hours: next message ${at}`;
    case 'daily-cap':
      return `Today’s limit reached: next message ${at}`;
    case 'hourly-cap':
      return `This hour’s limit reached: next message ${at}`;
    case 'break':
      return `Taking a break: next message ${at}`;
    case 'spacing':
      return `Next message ${at}`;
  }
}

/** Each platform's sending state: usage against the caps, the next send, a pause and Resume. */
export function SendingStatus({
  teamUID,
  platform,
}: {
  teamUID: string;
  platform: QueuePlatform | null;
}) {
  const status = useQueueStatus(teamUID);
  const { setPaused } = useOutreachMutations(teamUID);
  const shown = (status.data ?? []).filter(
    (p) =>
      (platform ? p.platform === platform : true) &&
      (platform || p.paused || p.queue.approved + p.queue.leased > 0 || p.usage.sentToday > 0),
  );
  if (shown.length === 0) return null;
  const toggle = (p: PlatformStatus, paused: boolean) =>
    setPaused.mutate(
      { platform: p.platform, paused },
      {
        onError: (e) => toastError(e, paused ? 'Sending was not paused' : 'Sending did not resume'),
      },
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(shown.length, 3) }} spacing="sm">
      {shown.map((p) => (
        <Paper key={p.platform} withBorder p="sm" data-testid={`sending-${p.platform}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {PLATFORM_NAMES[p.platform]}
              </Text>
              {p.paused ? (
                <Button
                  size="compact-xs"
                  leftSection={<IconPlayerPlay size={12} />}
                  onClick={() => toggle(p, false)}
                  loading={setPaused.isPending}
                >
                  Resume
                </Button>
              ) : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconPlayerPause size={12} />}
                  onClick={() => toggle(p, true)}
                >
                  Pause
                </Button>
              )}
            </Group>
            {p.paused && (
              <Alert color="orange" p={6} fz="xs">
                {p.paused.message}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              {nextSendWords(p)}
            </Text>
            <Text size="xs">
              Today: {p.usage.newConversationsToday} of {p.caps.daily} new conversations · this
              hour: {p.usage.lastHour} of {p.caps.hourly}
              {p.caps.warmingUp ? ' · warming up (half limits this week)' : ''}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
