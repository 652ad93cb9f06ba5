import { localToday, TASK_VIEWS, type TaskView } from '@leadloom/core';
import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Text,
  Title,
} from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { QueryError } from '../../ui/QueryError';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useAssignees, useDueCounts, useTaskView, type Task } from './api';
import { TaskList } from './TaskList';
import { useTaskActions } from './useTaskActions';
import { groupByDay, shortCount } from './tasksView';
import { ListSkeleton } from '../../ui/Skeletons';

const VIEW_LABEL: Record<TaskView, string> = {
  today: 'Today',
  overdue: 'Overdue',
  upcoming: 'Upcoming',
  done: 'Done',
};

const EMPTY: Record<TaskView, { title: string; text: string }> = {
  today: { title: 'Nothing due today', text: 'Add a follow-up, or look at what is coming up.' },
  overdue: { title: 'Nothing overdue', text: 'You are up to date.' },
  upcoming: { title: 'Nothing planned', text: 'Tasks due after today show here.' },
  done: { title: 'Nothing done yet', text: 'Completed and skipped tasks show here.' },
};

/** The browser's zone: the fallback for "today" until the profile has one. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * /tasks: what is due today, overdue, upcoming and done, for me or (owners and admins) a
 * member or everyone, grouped by day, with complete, snooze, skip, reassign and reschedule
 * inline. "Today" is each assignee's own (the server works it out in their time zone).
 */
export function TasksPage() {
  const { teamUID, team } = useCurrentTeam();
  const me = useCurrentUser();
  const isManager = team.role === 'owner' || team.role === 'admin';
  const [view, setView] = useState<TaskView>('today');
  const [assignee, setAssignee] = useState('me');
  const tasks = useTaskView(teamUID, view, assignee);
  const due = useDueCounts(teamUID);
  const assignees = useAssignees(teamUID);

  const pages = tasks.data?.pages ?? [];
  const list = pages.flatMap((p) => p.tasks);
  const todayOf = (uid: string) =>
    pages[0]?.today[uid] ?? localToday(Date.now(), me.timeZone || browserZone());
  const myToday = todayOf(me.uid);
  const zoneOf = (t: Task) => t.timeZone;
  const groups = useMemo(() => groupByDay(list, view === 'done', zoneOf), [list, view]);
  const names = new Map((assignees.data ?? []).map((a) => [a.uid, a.name]));

  const { actions, openNew, dialogs } = useTaskActions(teamUID, {
    date: myToday,
    assigneeUID: assignee !== 'me' && assignee !== 'everyone' ? assignee : me.uid,
  });

  const count = (v: TaskView) =>
    assignee === 'me' && due.data && (v === 'today' || v === 'overdue') ? due.data[v] : null;

  return (
    <Box maw={920} px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Tasks
          </Title>
          <Text size="sm" c="dimmed">
            Follow-ups for you and your team. Keys on a task: x completes, s snoozes to tomorrow, e
            edits.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
          New task
        </Button>
      </Group>

      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as TaskView)}
          aria-label="Which tasks"
          // Each choice as wide as its label and count (the default shares the width equally,
          // which clips "Overdue" next to a big count).
          styles={{ control: { flex: '1 0 auto' } }}
          data={TASK_VIEWS.map((v) => ({
            value: v,
            label: (
              <Group gap={6} wrap="nowrap" justify="center">
                <span>{VIEW_LABEL[v]}</span>
                {count(v) ? (
                  <Badge
                    size="xs"
                    variant="filled"
                    color={v === 'overdue' ? 'red' : 'teal'}
                    circle={count(v)! < 10}
                    style={{ flexShrink: 0 }}
                  >
                    {shortCount(count(v)!)}
                  </Badge>
                ) : null}
              </Group>
            ),
          }))}
        />
        {isManager && (
          <Select
            aria-label="Whose tasks"
            w={220}
            allowDeselect={false}
            value={assignee}
            onChange={(v) => v && setAssignee(v)}
            data={[
              { value: 'me', label: 'My tasks' },
              { value: 'everyone', label: 'Everyone’s tasks' },
              ...(assignees.data ?? [])
                .filter((a) => a.uid !== me.uid)
                .map((a) => ({ value: a.uid, label: a.name })),
            ]}
          />
        )}
      </Group>

      <Paper p="xs" component="section" aria-label={`${VIEW_LABEL[view]} tasks`}>
        {tasks.isPending ? (
          <Box p="xs">
            <ListSkeleton label="Loading tasks" rows={4} height={28} gap="sm" tapered />
          </Box>
        ) : tasks.isError ? (
          <QueryError title="Couldn't load the tasks" query={tasks} />
        ) : list.length === 0 ? (
          <StateMessage icon={<IconChecklist size={24} />} title={EMPTY[view].title}>
            {EMPTY[view].text}
          </StateMessage>
        ) : (
          <>
            <TaskList
              groups={groups}
              today={myToday}
              showAssignee={assignee === 'everyone'}
              assigneeName={(uid) => names.get(uid) ?? ''}
              actions={actions}
              people={assignees.data ?? []}
              late={(t) =>
                t.status === 'open' &&
                t.dueTime !== null &&
                Date.parse(t.actualDueDate) < Date.now()
              }
            />
            {tasks.hasNextPage && (
              <Group justify="center" py="xs">
                <Button
                  variant="subtle"
                  onClick={() => void tasks.fetchNextPage()}
                  loading={tasks.isFetchingNextPage}
                >
                  Show more
                </Button>
              </Group>
            )}
          </>
        )}
      </Paper>

      {dialogs}
    </Box>
  );
}
