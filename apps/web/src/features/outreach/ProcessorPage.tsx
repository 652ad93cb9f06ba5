import { PLATFORM_NAMES, PRODUCT_NAME, QUEUE_PLATFORMS } from '@leadloom/core';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../ui/QueryError';
import { ListSkeleton } from '../../ui/Skeletons';
import { useQueueStatus as useLocalQueueStatus } from '../queue-status/useQueueStatus';
import { useCurrentTeam } from '../session/CurrentUser';
import { useQueueBox, useQueueStatus } from './api';
import { SendingStatus } from './SendingStatus';
import { useProcessorStatusSync } from './useProcessorStatusSync';

const UP_NEXT = 5;

/**
 * /queue/:platform: the queue processor the extension opens in its own window, one per platform.
 * It shows what the extension does there: the message being sent, what comes next, today's
 * progress against the caps, the next send time and the pause state (with Resume), and the last
 * error the processor reported (the queue status each tab shares, SPEC §4).
 */
export function ProcessorPage() {
  const { teamUID } = useCurrentTeam();
  const params = useParams();
  const platform = QUEUE_PLATFORMS.find((p) => p === params.platform);
  const local = useLocalQueueStatus();
  const status = useQueueStatus(teamUID);
  const items = useQueueBox(teamUID, 'sending', platform ?? null);
  useProcessorStatusSync(platform);

  if (!platform) {
    return (
      <Box maw={640} mx="auto" p="lg">
        <Alert color="red" title="No such queue">
          Queues run on Facebook, Instagram and LinkedIn.{' '}
          <Anchor component={Link} to="/messages/queue">
            Open your messages
          </Anchor>
          .
        </Alert>
      </Box>
    );
  }

  const name = PLATFORM_NAMES[platform];
  const mine = status.data?.find((p) => p.platform === platform);
  const sending = (items.data ?? []).find((i) => i.status === 'leased');
  const next = (items.data ?? []).filter((i) => i.status === 'approved').slice(0, UP_NEXT);
  const error = local[platform].error;
  const sentToday = mine?.usage.newConversationsToday ?? 0;
  const cap = mine?.caps.daily ?? 0;

  return (
    <Box maw={720} mx="auto" p="lg">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {name} queue processor
          </Title>
          <Text size="sm" c="dimmed">
            The {PRODUCT_NAME} extension sends your approved {name} messages from this window. Keep
            it open; you can work in other windows meanwhile.
          </Text>
        </div>
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title="The processor stopped">
            {error}
          </Alert>
        )}
        <SendingStatus teamUID={teamUID} platform={platform} />
        {mine && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              New conversations today: {sentToday} of {cap}
            </Text>
            <Progress
              value={cap > 0 ? Math.min(100, (sentToday / cap) * 100) : 0}
              aria-label="New conversations today"
              size="sm"
            />
          </Stack>
        )}
        <Paper withBorder p="sm">
          {items.isPending ? (
            <ListSkeleton label="Loading the queue" rows={3} height={32} gap="sm" />
          ) : items.isError ? (
            <QueryError title="Couldn't load the queue" query={items} />
          ) : (
            <Stack gap="sm">
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Sending now
                </Text>
                {sending ? (
                  <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
                    {/* Its own width: on a phone the name and text must not squeeze it to "SEN…". */}
                    <Badge size="sm" color="teal" variant="light" style={{ flex: 'none' }}>
                      Sending
                    </Badge>
                    <Text size="sm" fw={600}>
                      {sending.contactName}
                    </Text>
                    <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                      {sending.text}
                    </Text>
                  </Group>
                ) : (
                  <Text size="sm" mt={4}>
                    Nothing right now.
                  </Text>
                )}
              </div>
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Up next
                </Text>
                {next.length === 0 ? (
                  <Text size="sm" mt={4}>
                    Nothing queued.{' '}
                    <Anchor component={Link} to="/messages/review" size="sm">
                      Review messages
                    </Anchor>
                  </Text>
                ) : (
                  <Stack gap={4} mt={4}>
                    {next.map((i) => (
                      <Group key={i.itemUID} gap="xs" wrap="nowrap">
                        <Text size="sm" fw={500} style={{ flex: 'none' }}>
                          {i.contactName}
                        </Text>
                        <Text size="sm" c="dimmed" lineClamp={1}>
                          {i.text}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                )}
              </div>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Box>
  );
}
