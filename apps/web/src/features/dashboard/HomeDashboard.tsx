import { addDays, weekdayOf } from '@leadloom/core';
import {
  Anchor,
  Box,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowRight,
  IconChecklist,
  IconFlame,
  IconMessage2,
  IconSpeakerphone,
  IconUserPlus,
  IconVideo,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { QueryError } from '../profile/common';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';

interface HomeData {
  today: string;
  timeZone: string;
  weekStart: string;
  tasks: { today: number; overdue: number };
  week: { added: number; moved: number; messages: number; tasksDone: number };
  streak: { current: number; best: number; days: string[] };
  announcements: { title: string; text: string; link?: string; publishedAt?: string }[];
  trainingVideos: { title: string; url: string; description: string }[];
}

function useHome(teamUID: string) {
  return useQuery({
    queryKey: ['teams', teamUID, 'dashboard', 'home'],
    queryFn: ({ signal }) =>
      api.get<HomeData>(`/api/teams/${encodeURIComponent(teamUID)}/dashboard/home`, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';

function Stat({
  icon,
  label,
  value,
  color,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  color: string;
}) {
  return (
    <Paper p="md" withBorder>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size={36} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="xl" fw={700} lh={1.1}>
            {value.toLocaleString('en-US')}
          </Text>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** Five weeks of days, Monday first, each marked active or not. */
function StreakCalendar({ today, days }: { today: string; days: string[] }) {
  const active = new Set(days);
  const firstMonday = addDays(today, -((weekdayOf(today) + 6) % 7) - 28);
  const cells = Array.from({ length: 35 }, (_, k) => addDays(firstMonday, k));
  return (
    <Box
      aria-label="Active days of the last five weeks"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 14px)', gap: 4 }}
    >
      {cells.map((d) => (
        <Tooltip key={d} label={`${d}${active.has(d) ? ': active' : ''}`} openDelay={300}>
          <Box
            data-active={active.has(d) || undefined}
            w={14}
            h={14}
            style={{
              borderRadius: 3,
              opacity: d > today ? 0.3 : 1,
              background: active.has(d)
                ? 'var(--mantine-color-teal-6)'
                : 'var(--mantine-color-default-border)',
            }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

/**
 * /dashboard/home: the signed-in person's day — what is due, what they did this week, their
 * streak of active days (moved, messaged or completed a task; their own calendar), the team's
 * announcements and the training videos.
 */
export function HomeDashboard() {
  const { teamUID } = useCurrentTeam();
  const me = useCurrentUser();
  const home = useHome(teamUID);
  const first = me.name.trim().split(/\s+/)[0] ?? '';
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: home.data?.timeZone,
    }).format(new Date()),
  );

  return (
    <Box maw={1100} px="lg" py="md">
      <Title order={1} size="h2" mb={4}>
        {greeting(hour)}
        {first ? `, ${first}` : ''}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your day at a glance{home.data ? ` (${home.data.timeZone})` : ''}.
      </Text>
      {home.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 4 }}
          aria-busy="true"
          aria-label="Loading the dashboard"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={74} />
          ))}
        </SimpleGrid>
      ) : home.isError ? (
        <QueryError
          title="Couldn't load your dashboard"
          error={home.error}
          onRetry={() => void home.refetch()}
          retrying={home.isRefetching}
        />
      ) : (
        <Stack gap="md">
          <Paper p="md" withBorder>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm">
                <ThemeIcon
                  variant="light"
                  color={home.data.tasks.overdue ? 'red' : 'teal'}
                  size={36}
                  radius="md"
                >
                  <IconChecklist size={20} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>
                    {home.data.tasks.today === 0 && home.data.tasks.overdue === 0
                      ? 'Nothing due today'
                      : `${home.data.tasks.today} due today${home.data.tasks.overdue ? `, ${home.data.tasks.overdue} overdue` : ''}`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Your follow-ups
                  </Text>
                </div>
              </Group>
              <Anchor component={Link} to="/tasks" size="sm">
                <Group gap={4}>
                  Open tasks <IconArrowRight size={14} />
                </Group>
              </Anchor>
            </Group>
          </Paper>

          <div>
            <Text size="sm" fw={600} mb={6}>
              This week (since Monday)
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Stat
                icon={<IconUserPlus size={20} />}
                label="Contacts added"
                value={home.data.week.added}
                color="blue"
              />
              <Stat
                icon={<IconArrowRight size={20} />}
                label="Contacts moved"
                value={home.data.week.moved}
                color="violet"
              />
              <Stat
                icon={<IconMessage2 size={20} />}
                label="Messages logged"
                value={home.data.week.messages}
                color="teal"
              />
              <Stat
                icon={<IconChecklist size={20} />}
                label="Tasks done"
                value={home.data.week.tasksDone}
                color="orange"
              />
            </SimpleGrid>
          </div>

          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Paper p="md" withBorder>
              <Group gap="sm" mb="sm">
                <ThemeIcon variant="light" color="orange" size={36} radius="md">
                  <IconFlame size={20} />
                </ThemeIcon>
                <div>
                  <Text size="xl" fw={700} lh={1.1} data-testid="streak">
                    {home.data.streak.current} {home.data.streak.current === 1 ? 'day' : 'days'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Streak · best {home.data.streak.best}
                  </Text>
                </div>
              </Group>
              <StreakCalendar today={home.data.today} days={home.data.streak.days} />
              <Text size="xs" c="dimmed" mt="xs">
                A day counts when you move a contact, log a message or complete a task.
              </Text>
            </Paper>
            <Paper p="md" withBorder>
              <Group gap={6} mb="xs">
                <IconSpeakerphone size={16} />
                <Text fw={600} size="sm">
                  Announcements
                </Text>
              </Group>
              {home.data.announcements.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No announcements right now.
                </Text>
              ) : (
                <Stack gap="xs">
                  {home.data.announcements.map((a) => (
                    <div key={a.title}>
                      <Text size="sm" fw={500}>
                        {a.link ? (
                          <Anchor href={a.link} target="_blank" rel="noopener noreferrer">
                            {a.title}
                          </Anchor>
                        ) : (
                          a.title
                        )}
                      </Text>
                      {a.text && (
                        <Text size="xs" c="dimmed" lineClamp={3}>
                          {a.text}
                        </Text>
                      )}
                    </div>
                  ))}
                </Stack>
              )}
            </Paper>
            <Paper p="md" withBorder>
              <Group gap={6} mb="xs">
                <IconVideo size={16} />
                <Text fw={600} size="sm">
                  Training videos
                </Text>
              </Group>
              {home.data.trainingVideos.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No training videos yet.
                </Text>
              ) : (
                <Stack gap={6}>
                  {home.data.trainingVideos.map((v) => (
                    <Anchor
                      key={v.url}
                      href={v.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                    >
                      {v.title}
                    </Anchor>
                  ))}
                </Stack>
              )}
            </Paper>
          </SimpleGrid>
        </Stack>
      )}
    </Box>
  );
}
