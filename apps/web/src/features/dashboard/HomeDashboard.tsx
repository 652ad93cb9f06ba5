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
import type { HomeDashboard } from '@leadloom/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { AnnouncementCard } from '../admin/AnnouncementCard';
import { useTaskView } from '../tasks/api';
import { QueryError } from '../../ui/QueryError';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { ListSkeleton } from '../../ui/Skeletons';
import { safeUrl } from '../../lib/safeUrl';
import { teamKeys } from '../../lib/teamKeys';

/** GET …/dashboard/home (core's contract). */
type HomeData = HomeDashboard;

function useHome(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.of(teamUID, 'dashboard', 'home'),
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

const WEEKDAYS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];

/** Five weeks of days, Monday first, each marked active or not; today is outlined. */
function StreakCalendar({ today, days }: { today: string; days: string[] }) {
  const active = new Set(days);
  const firstMonday = addDays(today, -((weekdayOf(today) + 6) % 7) - 28);
  const cells = Array.from({ length: 35 }, (_, k) => addDays(firstMonday, k));
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(7, 16px)', gap: 4 } as const;
  return (
    <div>
      <Box style={grid} aria-hidden mb={4}>
        {WEEKDAYS.map((d, i) => (
          <Text key={i} size="10px" c="dimmed" ta="center" lh={1}>
            {d}
          </Text>
        ))}
      </Box>
      <Box
        role="img"
        aria-label={`Active days of the last five weeks: ${days.length}`}
        style={grid}
      >
        {cells.map((d) => (
          <Tooltip
            key={d}
            label={`${d}${d === today ? ' (today)' : ''}${active.has(d) ? ': active' : ''}`}
            openDelay={300}
          >
            <Box
              data-active={active.has(d) || undefined}
              w={16}
              h={16}
              style={{
                borderRadius: 3,
                opacity: d > today ? 0.35 : 1,
                outline: d === today ? '2px solid var(--mantine-color-orange-5)' : undefined,
                outlineOffset: 1,
                background: active.has(d)
                  ? 'var(--mantine-color-teal-6)'
                  : 'var(--mantine-color-default-border)',
              }}
            />
          </Tooltip>
        ))}
      </Box>
    </div>
  );
}

/** Up to five of today's open tasks, for the tasks card (the rest are on /tasks). */
function TodayTasks({ teamUID }: { teamUID: string }) {
  const today = useTaskView(teamUID, 'today', 'me');
  const tasks = (today.data?.pages[0]?.tasks ?? []).slice(0, 5);
  if (today.isPending) {
    return (
      <Box mt="sm">
        <ListSkeleton label="Loading today’s tasks" rows={2} height={18} tapered />
      </Box>
    );
  }
  if (tasks.length === 0) return null;
  return (
    <Stack gap={4} mt="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {tasks.map((t) => (
        <Group key={t.taskUID} component="li" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" ff="monospace" w={40}>
            {t.dueTime ?? '—'}
          </Text>
          <Text size="sm" truncate>
            {t.name}
          </Text>
          {t.GTID && (
            <Anchor
              component={Link}
              to={`/contact/${encodeURIComponent(t.GTID)}`}
              size="xs"
              truncate
            >
              {t.contactName || 'Contact'}
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** An empty card's line, with where a super admin adds content. */
function EmptyFeed({ text, adminTab }: { text: string; adminTab: string }) {
  const me = useCurrentUser();
  return (
    <Text size="sm" c="dimmed">
      {text}
      {me.isSuper && (
        <>
          {' '}
          <Anchor component={Link} to={`/admin/${adminTab}`} size="sm">
            Add some in Admin
          </Anchor>
        </>
      )}
    </Text>
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
        <QueryError title="Couldn't load your dashboard" query={home} />
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
            {home.data.tasks.today > 0 && <TodayTasks teamUID={teamUID} />}
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
                <EmptyFeed text="No announcements right now." adminTab="announcements" />
              ) : (
                <Stack gap="xs">
                  {home.data.announcements.map((a, i) => (
                    <AnnouncementCard key={`${i}-${a.title}`} announcement={a} />
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
                <EmptyFeed text="No training videos yet." adminTab="videos" />
              ) : (
                <Stack gap="xs">
                  {home.data.trainingVideos.map((v) => (
                    <div key={v.url}>
                      <Anchor
                        href={safeUrl(v.url)}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                      >
                        {v.title}
                      </Anchor>
                      {v.description && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {v.description}
                        </Text>
                      )}
                    </div>
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
