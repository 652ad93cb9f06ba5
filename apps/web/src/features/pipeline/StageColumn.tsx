import { ActionIcon, Badge, Button, Text, Tooltip } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLoadMoreContacts } from './api';
import classes from './Board.module.css';
import { ContactCard } from './ContactCard';
import { stageStyle } from './stageColors';
import type { BoardStage } from './types';

interface StageColumnProps {
  teamUID: string;
  groupUID: string;
  stage: BoardStage;
  /** Opens "New contact" in this stage. */
  onAddContact?: (stageUID: string) => void;
}

export const stageDropId = (stageUID: string) => `stage:${stageUID}`;

export function StageColumn({ teamUID, groupUID, stage, onAddContact }: StageColumnProps) {
  const loadMore = useLoadMoreContacts(teamUID, groupUID, stage.stageUID);
  const { setNodeRef, isOver } = useDroppable({
    id: stageDropId(stage.stageUID),
    data: { type: 'stage', stageUID: stage.stageUID },
  });
  const ids = useMemo(() => stage.contacts.map((card) => card.GTID), [stage.contacts]);
  const remaining = Math.max(stage.count - stage.contacts.length, 0);
  const cursor = stage.nextCursor;
  return (
    <section
      className={classes.column}
      style={stageStyle(stage)}
      aria-label={`${stage.name}: ${stage.count} contacts`}
      data-over={isOver || undefined}
    >
      <header className={classes.columnHeader}>
        <Text size="sm" fw={600} truncate c="inherit" style={{ flex: 1 }}>
          {stage.name}
        </Text>
        <Badge variant="default" size="sm" aria-hidden>
          {stage.count}
        </Badge>
        {onAddContact && (
          <Tooltip label={`New contact in ${stage.name}`} openDelay={300}>
            <ActionIcon
              variant="subtle"
              size="sm"
              c="inherit"
              aria-label={`New contact in ${stage.name}`}
              onClick={() => onAddContact(stage.stageUID)}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </header>
      <div className={classes.columnBody} ref={setNodeRef}>
        <SortableContext id={stage.stageUID} items={ids} strategy={verticalListSortingStrategy}>
          {stage.contacts.map((card) => (
            <ContactCard key={card.GTID} card={card} stageUID={stage.stageUID} />
          ))}
        </SortableContext>
        {stage.contacts.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            No contacts
          </Text>
        )}
        {loadMore.isError && (
          <Text size="xs" c="red" ta="center" role="alert">
            {loadMore.error.message}
          </Text>
        )}
        {cursor && (
          <Button
            variant="subtle"
            size="xs"
            fullWidth
            loading={loadMore.isPending}
            onClick={() => loadMore.mutate(cursor)}
          >
            {loadMore.isError ? 'Try again' : `Load more${remaining ? ` (${remaining})` : ''}`}
          </Button>
        )}
      </div>
    </section>
  );
}
