import { PLATFORM_NAMES, QUEUE_PLATFORMS, type QueuePlatform } from '@leadloom/core';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconInbox, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryError } from '../../ui/QueryError';
import { ListSkeleton } from '../../ui/Skeletons';
import { StateMessage } from '../../ui/StateMessage';
import { relativeTime } from '../../ui/relativeTime';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam } from '../session/CurrentUser';
import { useAssignees } from '../tasks/api';
import {
  useOutreachMutations,
  useQueueBox,
  useQueueStatus,
  type QueueBox,
  type QueueItem,
} from './api';
import classes from './MessagesPage.module.css';
import { resultNote } from './resultNote';
import { SendingStatus } from './SendingStatus';

const TABS: { value: string; box: QueueBox; label: string }[] = [
  { value: 'review', box: 'review', label: 'To review' },
  { value: 'queue', box: 'sending', label: 'Queue' },
  { value: 'sent', box: 'history', label: 'Sent' },
];

const EMPTY: Record<QueueBox, { title: string; text: string }> = {
  review: {
    title: 'Nothing to review',
    text: 'Messages a teammate queues for your account wait here until you approve them.',
  },
  sending: {
    title: 'Your queue is empty',
    text: 'Queue a message from a contact page, or for many contacts from the table.',
  },
  history: { title: 'Nothing sent yet', text: 'Messages the extension sends show here.' },
};

const STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'To review', color: 'yellow' },
  approved: { label: 'Queued', color: 'blue' },
  leased: { label: 'Sending', color: 'teal' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
  rejected: { label: 'Rejected', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/**
 * /messages/:tab?/:platform?: the signed-in member's messages. "To review": what teammates queued
 * for their account, approved or rejected one by one, by selection or all at once (nothing goes
 * out before); "Queue": what goes out next, in order, with the sending status of each platform;
 * "Sent": what went out, failed or was skipped.
 */
export function MessagesPage() {
  const { teamUID } = useCurrentTeam();
  const params = useParams();
  const navigate = useNavigate();
  const tab = TABS.find((t) => t.value === params.tab) ?? TABS[0]!;
  const platform = QUEUE_PLATFORMS.find((p) => p === params.platform) ?? null;
  const status = useQueueStatus(teamUID);
  const items = useQueueBox(teamUID, tab.box, platform);
  const go = (nextTab: string, nextPlatform: QueuePlatform | null) =>
    navigate(`/messages/${nextTab}${nextPlatform ? `/${nextPlatform}` : ''}`);

  const pending = (status.data ?? [])
    .filter((p) => !platform || p.platform === platform)
    .reduce((n, p) => n + p.queue.pending, 0);

  return (
    <Box maw={980} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Messages
          </Title>
          <Text size="sm" c="dimmed">
            What your account sends on Facebook, Instagram and LinkedIn, paced by your{' '}
            <Anchor component={Link} to="/setup/queue" size="sm">
              sending limits
            </Anchor>
            .
          </Text>
        </div>
        <SegmentedControl
          aria-label="Platform"
          value={platform ?? 'all'}
          onChange={(v) => go(tab.value, v === 'all' ? null : (v as QueuePlatform))}
          data={[
            { value: 'all', label: 'All' },
            ...QUEUE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_NAMES[p] })),
          ]}
        />
      </Group>

      <SendingStatus teamUID={teamUID} platform={platform} />

      <Tabs value={tab.value} onChange={(v) => v && go(v, platform)} mt="md">
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                t.box === 'review' && pending > 0 ? (
                  <Badge size="xs" variant="filled" color="yellow" circle={pending < 10}>
                    {pending}
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Paper p="xs" mt="sm" component="section" aria-label={tab.label}>
        {items.isPending ? (
          <Box p="xs">
            <ListSkeleton label="Loading messages" rows={4} height={40} gap="sm" tapered />
          </Box>
        ) : items.isError ? (
          <QueryError title="Couldn't load the messages" query={items} />
        ) : items.data.length === 0 ? (
          <StateMessage
            icon={tab.box === 'history' ? <IconInbox size={24} /> : <IconSend size={24} />}
            title={EMPTY[tab.box].title}
          >
            {EMPTY[tab.box].text}
          </StateMessage>
        ) : (
          <ItemList teamUID={teamUID} box={tab.box} items={items.data} platform={platform} />
        )}
      </Paper>
    </Box>
  );
}

function ItemList({
  teamUID,
  box,
  items,
  platform,
}: {
  teamUID: string;
  box: QueueBox;
  items: QueueItem[];
  platform: QueuePlatform | null;
}) {
  const { review, cancel } = useOutreachMutations(teamUID);
  const members = useAssignees(teamUID);
  const nameOf = (uid: string) => members.data?.find((m) => m.uid === uid)?.name ?? '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const visibleSelected = items.filter((i) => selected.has(i.itemUID)).map((i) => i.itemUID);

  const decide = (decision: 'approve' | 'reject', itemUIDs?: string[]) =>
    review.mutate(
      { decision, itemUIDs, platform: platform ?? undefined },
      {
        onSuccess: ({ changed }) => {
          setSelected(new Set());
          toastSuccess(
            `${decision === 'approve' ? 'Approved' : 'Rejected'} ${changed} ${changed === 1 ? 'message' : 'messages'}.`,
          );
        },
        onError: (e) => toastError(e, 'Nothing was changed'),
      },
    );

  return (
    <Stack gap={0}>
      {box === 'review' && (
        <Group justify="space-between" px="xs" pb="xs" wrap="wrap" gap="xs">
          <Checkbox
            label={visibleSelected.length > 0 ? `${visibleSelected.length} selected` : 'Select all'}
            checked={visibleSelected.length === items.length}
            indeterminate={visibleSelected.length > 0 && visibleSelected.length < items.length}
            onChange={(e) =>
              setSelected(
                e.currentTarget.checked ? new Set(items.map((i) => i.itemUID)) : new Set(),
              )
            }
          />
          <Group gap="xs">
            {visibleSelected.length > 0 ? (
              <>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  onClick={() => decide('reject', visibleSelected)}
                >
                  Reject selected
                </Button>
                <Button
                  size="compact-sm"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => decide('approve', visibleSelected)}
                  loading={review.isPending}
                >
                  Approve selected
                </Button>
              </>
            ) : (
              <Button
                size="compact-sm"
                leftSection={<IconCheck size={14} />}
                onClick={() => decide('approve')}
                loading={review.isPending}
              >
                Approve all {items.length}
              </Button>
            )}
          </Group>
        </Group>
      )}
      {items.map((item) => (
        <ItemRow
          key={item.itemUID}
          teamUID={teamUID}
          item={item}
          box={box}
          queuedBy={item.createdByUID !== item.queuedToUID ? nameOf(item.createdByUID) : null}
          selected={selected.has(item.itemUID)}
          onSelect={(on) =>
            setSelected((prev) => {
              const next = new Set(prev);
              if (on) next.add(item.itemUID);
              else next.delete(item.itemUID);
              return next;
            })
          }
          onApprove={() => decide('approve', [item.itemUID])}
          onReject={() => decide('reject', [item.itemUID])}
          onCancel={() =>
            cancel.mutate(item.itemUID, {
              onSuccess: () => toastSuccess(`Removed the message to ${item.contactName}.`),
              onError: (e) => toastError(e, 'The message was not removed'),
            })
          }
        />
      ))}
    </Stack>
  );
}

function ItemRow({
  teamUID,
  item,
  box,
  queuedBy,
  selected,
  onSelect,
  onApprove,
  onReject,
  onCancel,
}: {
  teamUID: string;
  item: QueueItem;
  box: QueueBox;
  queuedBy: string | null;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
  onCancel: () => void;
}) {
  const { edit } = useOutreachMutations(teamUID);
  const [editing, setEditing] = useState<string | null>(null);
  const status = STATUS[item.status] ?? { label: item.status, color: 'gray' };
  const when =
    box === 'history'
      ? (item.sentAt ?? item.updatedAt)
      : item.notBefore && item.status === 'approved'
        ? item.notBefore
        : item.createdAt;
  const editable = item.status === 'pending' || item.status === 'approved';
  const note = resultNote(item);

  return (
    <Group
      align="flex-start"
      gap="sm"
      wrap="nowrap"
      px="xs"
      py={8}
      className={classes.row}
      data-testid="queue-item"
    >
      {box === 'review' && (
        <Checkbox
          mt={3}
          aria-label={`Select the message to ${item.contactName}`}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      )}
      <div className={classes.body}>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={`/contact/${encodeURIComponent(item.GTID)}`}
              fw={600}
              size="sm"
            >
              {item.contactName || 'Unnamed contact'}
            </Anchor>
            <Badge size="xs" variant="light" color="gray">
              {PLATFORM_NAMES[item.platform]}
            </Badge>
            {box !== 'review' && (
              <Badge size="xs" variant="light" color={status.color}>
                {item.status === 'approved' && item.notBefore ? 'Retry later' : status.label}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {box === 'history' ? relativeTime(when) : `queued ${relativeTime(item.createdAt)}`}
              {queuedBy ? ` by ${queuedBy}` : ''}
            </Text>
          </Group>
          {editing !== null ? (
            <Stack gap={6}>
              <Textarea
                aria-label={`Message to ${item.contactName}`}
                autosize
                minRows={2}
                maxRows={10}
                value={editing}
                onChange={(e) => setEditing(e.currentTarget.value)}
                data-autofocus
              />
              <Group gap="xs" justify="flex-end">
                <Button size="compact-sm" variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button
                  size="compact-sm"
                  disabled={!editing.trim()}
                  loading={edit.isPending}
                  onClick={() =>
                    edit.mutate(
                      { itemUID: item.itemUID, text: editing },
                      {
                        onSuccess: () => setEditing(null),
                        onError: (e) => toastError(e, 'The message was not saved'),
                      },
                    )
                  }
                >
                  Save
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              lineClamp={6}
            >
              {item.text}
            </Text>
          )}
          {note && box === 'history' && (
            <Text size="xs" c={note.color}>
              {note.text}
            </Text>
          )}
        </Stack>
        {editing === null && (
          <Group gap={4} wrap="nowrap">
            {editable && (
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(item.text)}>
                Edit
              </Button>
            )}
            {box === 'review' && (
              <>
                <Button size="compact-xs" variant="subtle" color="gray" onClick={onReject}>
                  Reject
                </Button>
                <Button size="compact-xs" variant="light" onClick={onApprove}>
                  Approve
                </Button>
              </>
            )}
            {box === 'sending' && item.status === 'approved' && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
                Remove
              </Button>
            )}
          </Group>
        )}
      </div>
    </Group>
  );
}
