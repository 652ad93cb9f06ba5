import type { RepeatData, Task, TaskPage, TaskStatus, TaskView } from '@leadloom/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { contactKeys } from '../contact/keys';
import { onChangeOf } from '../../lib/staleKeys';
import { teamKeys } from '../../lib/teamKeys';

/** docs/api.md "Tasks": the shape is core's. */
export type { Task };

export interface TaskDraft {
  name: string;
  notes?: string;
  GTID?: string | null;
  dueDate: string;
  dueTime?: string | null;
  assigneeUID?: string;
  repeat?: RepeatData | null;
}

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;
const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });

export const taskKeys = {
  all: (teamUID: string) => teamKeys.of(teamUID, 'tasks'),
  view: (teamUID: string, view: TaskView, assignee: string) =>
    teamKeys.of(teamUID, 'tasks', 'view', view, assignee),
  due: (teamUID: string) => teamKeys.of(teamUID, 'tasks', 'due'),
  assignees: (teamUID: string) => teamKeys.of(teamUID, 'tasks', 'assignees'),
  contact: (teamUID: string, GTID: string) => teamKeys.of(teamUID, 'tasks', 'contact', GTID),
};

// `GTID/taskUID` (`-/taskUID` on no contact): the task lists and the badge.
onChangeOf(['task'], ({ teamUID }) => [taskKeys.all(teamUID)]);

export function useTaskView(teamUID: string, view: TaskView, assignee: string) {
  return useInfiniteQuery({
    queryKey: taskKeys.view(teamUID, view, assignee),
    queryFn: ({ pageParam, signal }) =>
      api.get<TaskPage>(`${teamPath(teamUID)}/tasks`, {
        query: { view, assignee, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDueCounts(teamUID: string) {
  return useQuery({
    queryKey: taskKeys.due(teamUID),
    queryFn: ({ signal }) =>
      api.get<{ today: number; overdue: number; date: string }>(`${teamPath(teamUID)}/tasks-due`, {
        signal,
      }),
    // "Today" moves at midnight even when nothing changes.
    refetchInterval: 5 * 60_000,
  });
}

export function useAssignees(teamUID: string) {
  return useQuery({
    queryKey: taskKeys.assignees(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ members: { uid: string; name: string; timeZone: string }[] }>(
          `${teamPath(teamUID)}/task-assignees`,
          { signal },
        )
        .then((a) => a.members),
    staleTime: 5 * 60_000,
  });
}

export function useContactTasks(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: taskKeys.contact(teamUID, GTID),
    queryFn: ({ signal }) =>
      api
        .get<{ tasks: Task[] }>(`${teamPath(teamUID)}/contacts/${encodeURIComponent(GTID)}/tasks`, {
          signal,
        })
        .then((a) => a.tasks),
  });
}

export function useTaskMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all(teamUID) }),
      // A task on a contact adds to its timeline.
      queryClient.invalidateQueries({ queryKey: contactKeys.team(teamUID) }),
    ]);
  const base = `${teamPath(teamUID)}/tasks`;
  return {
    create: useMutation({
      mutationFn: (draft: TaskDraft) =>
        api.post<{ task: Task }>(base, draft, changeHeaders()).then((a) => a.task),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({
        taskUID,
        patch,
      }: {
        taskUID: string;
        patch: Partial<TaskDraft> & { status?: TaskStatus };
      }) =>
        api.patch<{ task: Task; next: Task | null }>(
          `${base}/${encodeURIComponent(taskUID)}`,
          patch,
          changeHeaders(),
        ),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (taskUID: string) =>
        api.delete(`${base}/${encodeURIComponent(taskUID)}`, changeHeaders()),
      onSuccess: refresh,
    }),
  };
}
