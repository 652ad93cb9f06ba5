import { localToday } from '@leadloom/core';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChecklist, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { TabProps } from '../contact/tabs/props';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentUser } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useAssignees, useContactTasks } from './api';
import { TaskList } from './TaskList';
import { groupByDay } from './tasksView';
import { useTaskActions } from './useTaskActions';
import { useTaskTemplateMutations, useTaskTemplates } from './taskTemplatesApi';
import { dueRuleLabel } from './TaskTemplatesPage';
import { ListSkeleton } from '../../ui/Skeletons';

/** The contact page's Tasks tab: this contact's tasks, open first, with the /tasks actions. */
export function ContactTasksTab({ teamUID, data }: TabProps) {
  const me = useCurrentUser();
  const GTID = data.contact.GTID;
  const tasks = useContactTasks(teamUID, GTID);
  const assignees = useAssignees(teamUID);
  const today = localToday(
    Date.now(),
    me.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  );
  const { actions, openNew, dialogs } = useTaskActions(teamUID, {
    date: today,
    assigneeUID: me.uid,
    GTID,
  });
  const templates = useTaskTemplates(teamUID);
  const { apply } = useTaskTemplateMutations(teamUID);
  const names = new Map((assignees.data ?? []).map((a) => [a.uid, a.name]));
  const list = tasks.data;
  const groups = useMemo(() => {
    if (!list) return [];
    const open = list.filter((t) => t.status === 'open');
    const closed = list.filter((t) => t.status !== 'open');
    return [
      ...groupByDay(open, false, (t) => t.timeZone),
      ...groupByDay(closed, true, (t) => t.timeZone),
    ];
  }, [list]);

  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="xs">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconTemplate size={14} />}
              disabled={!templates.data?.length}
            >
              Apply template
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(templates.data ?? []).map((t) => (
              <Menu.Item
                key={t.templateUID}
                onClick={() =>
                  apply.mutate(
                    { templateUID: t.templateUID, GTIDs: [GTID] },
                    {
                      onSuccess: () => toastSuccess(`Added “${t.name}” from the template.`),
                      onError: (e) => toastError(e, 'The template was not applied'),
                    },
                  )
                }
              >
                <Text size="sm">{t.name}</Text>
                <Text size="xs" c="dimmed">
                  {dueRuleLabel(t)}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={openNew}>
          New task
        </Button>
      </Group>
      {tasks.isPending ? (
        <ListSkeleton label="Loading tasks" height={28} gap="sm" tapered />
      ) : tasks.isError ? (
        <QueryError title="Couldn't load the tasks" query={tasks} />
      ) : list!.length === 0 ? (
        <StateMessage
          icon={<IconChecklist size={24} />}
          title="No tasks for this contact"
          action={
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={openNew}>
              Plan a follow-up
            </Button>
          }
        >
          A task reminds you or a teammate to follow up, once or on a schedule.
        </StateMessage>
      ) : (
        <TaskList
          groups={groups}
          today={today}
          showAssignee
          assigneeName={(uid) => names.get(uid) ?? ''}
          actions={actions}
          people={assignees.data ?? []}
          late={(t) =>
            t.status === 'open' && t.dueTime !== null && Date.parse(t.actualDueDate) < Date.now()
          }
        />
      )}
      {dialogs}
    </Stack>
  );
}
