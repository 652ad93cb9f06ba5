import { Avatar, Badge, Button, Group, Loader, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLayoutKanban } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { relativeTime } from '../../ui/relativeTime';
import { StateMessage } from '../../ui/StateMessage';
import { useAutoLoadMore, useBoard } from './api';
import classes from './StageList.module.css';
import { displayName } from './ContactCard';
import { stageStyle } from './stageColors';
import type { BoardStage } from './types';
import { safeUrl } from '../../lib/safeUrl';

interface StageListProps {
  teamUID: string;
  groupUID: string;
  stageUID: string;
}

/** Height of one row (px): fixed, so the scroll position stays put as pages arrive. */
export const ROW_HEIGHT = 52;

const boardPath = (groupUID: string) => `/contacts/pipeline/${encodeURIComponent(groupUID)}`;

/**
 * /contacts/pipeline/:pipelineID/:stageUID: one stage as a full-width list (photo, name,
 * e-mail, last activity), virtualised and paged like a board column, sharing its cache.
 */
export function StageList({ teamUID, groupUID, stageUID }: StageListProps) {
  const board = useBoard(teamUID, groupUID);
  if (board.isPending) {
    return (
      <div className={classes.frame} aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={ROW_HEIGHT - 12} m="xs" />
        ))}
      </div>
    );
  }
  const stage = board.data?.stages.find((s) => s.stageUID === stageUID);
  if (!stage) {
    const missing = !board.isError || (isApiError(board.error) && board.error.httpStatus === 404);
    return (
      <StateMessage
        icon={missing ? <IconLayoutKanban size={24} /> : <IconAlertTriangle size={24} />}
        color={missing ? undefined : 'red'}
        title={missing ? 'Stage not found' : "Couldn't load the stage"}
        action={
          missing ? (
            <Button component={Link} to={boardPath(groupUID)} variant="light">
              Back to the board
            </Button>
          ) : (
            <Button variant="light" onClick={() => void board.refetch()}>
              Try again
            </Button>
          )
        }
      >
        {missing
          ? 'It may have been deleted, or you no longer have access to its pipeline.'
          : board.error?.message}
      </StateMessage>
    );
  }
  return <StageRows teamUID={teamUID} groupUID={groupUID} stage={stage} />;
}

function StageRows({
  teamUID,
  groupUID,
  stage,
}: {
  teamUID: string;
  groupUID: string;
  stage: BoardStage;
}) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: stage.contacts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => stage.contacts[index]?.GTID ?? index,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length ? items[items.length - 1]!.index : -1;
  const loadMore = useAutoLoadMore(teamUID, groupUID, stage, lastShown);

  return (
    <div className={classes.frame}>
      <Group className={classes.header} style={stageStyle(stage)} gap="sm" wrap="nowrap">
        <Button
          component={Link}
          to={boardPath(groupUID)}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to board
        </Button>
        <span className={classes.swatch} aria-hidden />
        <Text fw={600} size="sm" truncate>
          {stage.name}
        </Text>
        <Badge variant="default" size="sm">
          {stage.count.toLocaleString()} contacts
        </Badge>
      </Group>
      <div
        ref={scrollRef}
        className={classes.scroll}
        role="list"
        data-loaded={stage.contacts.length}
        aria-label={`${stage.name}: ${stage.count} contacts`}
      >
        {stage.contacts.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            No contacts in this stage yet.
          </Text>
        ) : (
          <div className={classes.space} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const card = stage.contacts[item.index]!;
              const name = displayName(card);
              return (
                <Link
                  key={item.key}
                  role="listitem"
                  to={`/contact/${encodeURIComponent(card.GTID)}`}
                  className={classes.row}
                  style={{ top: item.start, height: ROW_HEIGHT }}
                >
                  <Avatar
                    src={safeUrl(card.photoURL)}
                    name={name}
                    color="initials"
                    size={32}
                    alt=""
                  />
                  <Text size="sm" fw={600} truncate className={classes.name}>
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate className={classes.email}>
                    {card.emailAddress ?? ''}
                  </Text>
                  <Text
                    size="xs"
                    c="dimmed"
                    className={classes.activity}
                    title={card.lastActivityAt ?? undefined}
                  >
                    {relativeTime(card.lastActivityAt) ?? 'No activity'}
                  </Text>
                </Link>
              );
            })}
          </div>
        )}
        {loadMore.isError ? (
          <Group justify="center" gap={4} py="xs" role="alert">
            <Text size="sm" c="red">
              {loadMore.error?.message}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={loadMore.retry}>
              Try again
            </Button>
          </Group>
        ) : stage.nextCursor ? (
          <Group justify="center" py="xs" mih={36}>
            {loadMore.isPending && <Loader size="xs" aria-label="Loading more contacts" />}
          </Group>
        ) : null}
      </div>
    </div>
  );
}
