import { PLATFORM_NAMES, PRODUCT_NAME, QUEUE_PLATFORMS } from '@leadloom/core';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Flex,
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
import { RealtimeSync } from '../realtime/RealtimeSync';
import { useCurrentTeam } from '../session/CurrentUser';
import { useQueueBox, useQueueStatus } from './api';
import { QueueProcessorLauncher } from './QueueProcessorLauncher';
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
      {/* A page without the app's layout: it keeps its items and the pause state live itself,
          and, should it become the leader tab, asks for the processors like any other. */}
      <RealtimeSync />
      <QueueProcessorLauncher />
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
                    <ItemLine name={sending.contactName} text={sending.text} lines={2} strong />
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
                      <ItemLine key={i.itemUID} name={i.contactName} text={i.text} lines={1} />
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

/**
 * A message's recipient and text: side by side from a tablet up, the name above the text on a
 * phone, where a name beside it would leave the text a few letters of width.
 */
function ItemLine({
  name,
  text,
  lines,
  strong = false,
}: {
  name: string;
  text: string;
  lines: number;
  strong?: boolean;
}) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: 0, sm: 'xs' }}
      style={{ minWidth: 0, flex: 1 }}
      data-testid="processor-item"
    >
      <Text size="sm" fw={strong ? 600 : 500} style={{ flex: 'none' }}>
        {name}
      </Text>
      <Text
        size="sm"
        c={strong ? undefined : 'dimmed'}
        lineClamp={lines}
        // One line shows the text's lines run together; more keep its line breaks.
        style={{ minWidth: 0, whiteSpace: lines > 1 ? 'pre-wrap' : undefined }}
      >
        {text}
      </Text>
    </Flex>
  );
}
