import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '../../ui/relativeTime';
import classes from './Board.module.css';
import type { BoardCard } from './types';

export function displayName(card: BoardCard): string {
  return (
    card.fullName?.trim() ||
    [card.firstName, card.lastName].filter(Boolean).join(' ').trim() ||
    card.emailAddress ||
    card.GTID
  );
}

/** One contact on the board: a real link, so middle-click and "open in new tab" work. */
export const ContactCard = memo(function ContactCard({ card }: { card: BoardCard }) {
  const name = displayName(card);
  const activity = relativeTime(card.lastActivityAt);
  return (
    <Card
      component={Link}
      to={`/contact/${encodeURIComponent(card.GTID)}`}
      className={classes.card}
      padding="xs"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={card.photoURL} name={name} color="initials" size={32} alt="" />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          {card.emailAddress && (
            <Text size="xs" c="dimmed" truncate>
              {card.emailAddress}
            </Text>
          )}
          {activity && (
            <Group gap={4} wrap="nowrap">
              <IconClock size={12} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="xs" c="dimmed" title={card.lastActivityAt ?? undefined}>
                {activity}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
});
