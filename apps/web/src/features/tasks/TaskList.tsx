import { describeRepeat } from '@leadloom/core';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Checkbox,
  Group,
  Menu,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconClockPause,
  IconDots,
  IconPencil,
  IconPlayerSkipForward,
  IconRepeat,
  IconTrash,
  IconUserShare,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Task } from './api';
import { dayLabel, dueTimeLabel, snoozeDates } from './tasksView';

export interface TaskActions {
  toggle: (t: Task) => void;
  skip: (t: Task) => void;
  snooze: (t: Task, date: string) => void;
  edit: (t: Task) => void;
  remove: (t: Task) => void;
  reassign: (t: Task, to: { uid: string; name: string }) => void;
}

/**
 * Tasks grouped under day headings. Each row: a checkbox that completes (or reopens) it, the
 * name, its contact, time and repeat, and a menu to edit, snooze, reassign, skip or delete. Keys
 * on a focused row: x or Space completes, e edits, s snoozes to tomorrow, Delete deletes; the
 * menu opens with Enter on its button and is walked with the arrow keys.
 */
export function TaskList({
  groups,
  today,
  showAssignee,
  assigneeName,
  actions,
  late,
  people = [],
}: {
  groups: { day: string; tasks: Task[] }[];
  today: string;
  showAssignee: boolean;
  assigneeName: (uid: string) => string;
  actions: TaskActions;
  /** The team's members, for "Reassign to". */
  people?: { uid: string; name: string }[];
  /** Marks open tasks of today whose time has passed. */
  late: (t: Task) => boolean;
}) {
  return (
    <Box>
      {groups.map((g) => (
        <Box key={g.day} mb="sm" component="section" aria-label={dayLabel(g.day, today)}>
          <Text
            size="xs"
            fw={700}
            tt="uppercase"
            c={g.day < today ? 'red' : 'dimmed'}
            px="xs"
            py={4}
          >
            {dayLabel(g.day, today)}
          </Text>
          {g.tasks.map((t) => (
            <TaskRow
              key={t.taskUID}
              task={t}
              today={today}
              late={late(t)}
              assignee={showAssignee ? assigneeName(t.assigneeUID) : null}
              actions={actions}
              people={people}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}

function TaskRow({
  task,
  today,
  late,
  assignee,
  actions,
  people,
}: {
  task: Task;
  today: string;
  late: boolean;
  assignee: string | null;
  actions: TaskActions;
  people: { uid: string; name: string }[];
}) {
  const done = task.status !== 'open';
  const others = people.filter((p) => p.uid !== task.assigneeUID);
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      px="xs"
      py={6}
      tabIndex={0}
      data-task={task.name}
      aria-label={`${task.name}${done ? ` (${task.status})` : ''}`}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      className="task-row"
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'x' || e.key === ' ') {
          e.preventDefault();
          actions.toggle(task);
        } else if (e.key === 'e') actions.edit(task);
        else if (e.key === 's' && !done) actions.snooze(task, snoozeDates(today)[0]!.date);
        else if (e.key === 'Delete') actions.remove(task);
      }}
    >
      <Checkbox
        checked={done}
        onChange={() => actions.toggle(task)}
        aria-label={done ? `Reopen ${task.name}` : `Complete ${task.name}`}
        radius="xl"
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text
            size="sm"
            fw={500}
            truncate
            td={done ? 'line-through' : undefined}
            c={done ? 'dimmed' : undefined}
          >
            {task.name}
          </Text>
          {task.status === 'skipped' && (
            <Badge size="xs" variant="light" color="gray">
              Skipped
            </Badge>
          )}
          {task.repeat && (
            <Tooltip label={describeRepeat(task.repeat, task.dueDate)}>
              <IconRepeat size={14} aria-label={describeRepeat(task.repeat, task.dueDate)} />
            </Tooltip>
          )}
        </Group>
        <Group gap={8} wrap="nowrap">
          {task.GTID && (
            <Anchor
              component={Link}
              to={`/contact/${encodeURIComponent(task.GTID)}`}
              size="xs"
              truncate
            >
              {task.contactName || 'Contact'}
            </Anchor>
          )}
          {task.notes && (
            <Text size="xs" c="dimmed" truncate>
              {task.notes}
            </Text>
          )}
        </Group>
      </Box>
      {assignee && (
        <Text size="xs" c="dimmed" truncate maw={140}>
          {assignee}
        </Text>
      )}
      {dueTimeLabel(task) && (
        <Text size="xs" c={late ? 'red' : 'dimmed'} fw={late ? 600 : undefined} ff="monospace">
          {dueTimeLabel(task)}
        </Text>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More for ${task.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.edit(task)}>
            Edit or reassign
          </Menu.Item>
          {!done && (
            <>
              <Menu.Label>Snooze</Menu.Label>
              {snoozeDates(today).map((s) => (
                <Menu.Item
                  key={s.label}
                  leftSection={<IconClockPause size={14} />}
                  onClick={() => actions.snooze(task, s.date)}
                >
                  {s.label}
                </Menu.Item>
              ))}
              {others.length > 0 && (
                <Menu.Sub>
                  <Menu.Sub.Target>
                    <Menu.Sub.Item leftSection={<IconUserShare size={14} />}>
                      Reassign to
                    </Menu.Sub.Item>
                  </Menu.Sub.Target>
                  <Menu.Sub.Dropdown mah={320} style={{ overflowY: 'auto' }}>
                    {others.map((p) => (
                      <Menu.Item key={p.uid} onClick={() => actions.reassign(task, p)}>
                        {p.name}
                      </Menu.Item>
                    ))}
                  </Menu.Sub.Dropdown>
                </Menu.Sub>
              )}
              <Menu.Item
                leftSection={<IconPlayerSkipForward size={14} />}
                onClick={() => actions.skip(task)}
              >
                Skip{task.repeat ? ' this time' : ''}
              </Menu.Item>
            </>
          )}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.remove(task)}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
