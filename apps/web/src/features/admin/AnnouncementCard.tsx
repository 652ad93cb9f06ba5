import { Anchor, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { formatDate } from '../profile/format';
import type { Announcement } from './announcementForm';
import { safeUrl } from '../../lib/safeUrl';

/**
 * One announcement as the home dashboard shows it. Lives here until the dashboard exists, so the
 * admin's preview and the dashboard cannot drift apart: the dashboard should import this card.
 */
export function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  const { title, text, link, publishedAt } = announcement;
  return (
    <Card withBorder padding="md" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size={32}>
          <IconSpeakerphone size={18} stroke={1.6} />
        </ThemeIcon>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title || 'Untitled announcement'}
          </Text>
          {publishedAt && (
            <Text size="xs" c="dimmed">
              {formatDate(publishedAt)}
            </Text>
          )}
          {text && (
            <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          )}
          {safeUrl(link) && (
            <Anchor
              href={safeUrl(link)}
              target="_blank"
              rel="noreferrer noopener"
              size="sm"
              mt={6}
              display="inline-block"
            >
              Read more
            </Anchor>
          )}
        </div>
      </Group>
    </Card>
  );
}
