import { Badge, Button, Text } from '@mantine/core';
import { useLoadMoreContacts } from './api';
import classes from './Board.module.css';
import { ContactCard } from './ContactCard';
import { stageStyle } from './stageColors';
import type { BoardStage } from './types';

interface StageColumnProps {
  teamUID: string;
  groupUID: string;
  stage: BoardStage;
}

export function StageColumn({ teamUID, groupUID, stage }: StageColumnProps) {
  const loadMore = useLoadMoreContacts(teamUID, groupUID, stage.stageUID);
  const remaining = Math.max(stage.count - stage.contacts.length, 0);
  const cursor = stage.nextCursor;
  return (
    <section
      className={classes.column}
      style={stageStyle(stage)}
      aria-label={`${stage.name}: ${stage.count} contacts`}
    >
      <header className={classes.columnHeader}>
        <Text size="sm" fw={600} truncate c="inherit">
          {stage.name}
        </Text>
        <Badge variant="default" size="sm" aria-hidden>
          {stage.count}
        </Badge>
      </header>
      <div className={classes.columnBody}>
        {stage.contacts.map((card) => (
          <ContactCard key={card.GTID} card={card} />
        ))}
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
