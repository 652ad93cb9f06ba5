import type { TaskTemplateInput, TaskTemplateRow } from '@leadloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { contactKeys } from '../contact/keys';
import { taskKeys } from './api';
import { teamKeys } from '../../lib/teamKeys';

export type { TaskTemplateRow };

const base = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}/task-templates`;
const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });
export const taskTemplateKey = (teamUID: string) => teamKeys.of(teamUID, 'task-templates');

export function useTaskTemplates(teamUID: string) {
  return useQuery({
    queryKey: taskTemplateKey(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ taskTemplates: TaskTemplateRow[] }>(base(teamUID), { signal })
        .then((a) => a.taskTemplates),
  });
}

export function useTaskTemplateMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskTemplateKey(teamUID) });
  return {
    save: useMutation({
      mutationFn: ({
        templateUID,
        body,
      }: {
        templateUID: string | null;
        body: TaskTemplateInput;
      }) =>
        (templateUID
          ? api.put<{ taskTemplate: TaskTemplateRow }>(
              `${base(teamUID)}/${encodeURIComponent(templateUID)}`,
              body,
              changeHeaders(),
            )
          : api.post<{ taskTemplate: TaskTemplateRow }>(base(teamUID), body, changeHeaders())
        ).then((a) => a.taskTemplate),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (templateUID: string) =>
        api.delete(`${base(teamUID)}/${encodeURIComponent(templateUID)}`, changeHeaders()),
      onSuccess: refresh,
    }),
    apply: useMutation({
      mutationFn: ({ templateUID, GTIDs }: { templateUID: string; GTIDs: string[] }) =>
        api.post<{ created: number; taskUIDs: string[] }>(
          `${base(teamUID)}/${encodeURIComponent(templateUID)}/apply`,
          { GTIDs },
          changeHeaders(),
        ),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: taskKeys.all(teamUID) }),
          queryClient.invalidateQueries({ queryKey: contactKeys.team(teamUID) }),
        ]),
    }),
  };
}
