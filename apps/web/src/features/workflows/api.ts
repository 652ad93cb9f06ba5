import type {
  UpdateWorkflowBody,
  WorkflowDefinition,
  WorkflowRecord,
  WorkflowSummary,
} from '@leadloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { onChangeOf } from '../../lib/staleKeys';
import { teamKeys } from '../../lib/teamKeys';

/** docs/api.md "Workflows": the shapes are core's. */
export type { WorkflowRecord, WorkflowSummary };

const enc = encodeURIComponent;
const base = (teamUID: string) => `/api/teams/${enc(teamUID)}/workflows`;
const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });

export const workflowKeys = {
  all: (teamUID: string) => teamKeys.of(teamUID, 'workflows'),
  list: (teamUID: string) => teamKeys.of(teamUID, 'workflows', 'list'),
  one: (teamUID: string, workflowId: string) =>
    teamKeys.of(teamUID, 'workflows', 'one', workflowId),
};

// A workflow's change (a teammate's edit, a publish, a run's error) shows in the list and its builder.
onChangeOf(['workflow'], ({ teamUID }) => [workflowKeys.all(teamUID)]);

export function useWorkflows(teamUID: string) {
  return useQuery({
    queryKey: workflowKeys.list(teamUID),
    queryFn: ({ signal }) =>
      api.get<{ workflows: WorkflowSummary[] }>(base(teamUID), { signal }).then((a) => a.workflows),
  });
}

export function useWorkflow(teamUID: string, workflowId: string) {
  return useQuery({
    queryKey: workflowKeys.one(teamUID, workflowId),
    queryFn: ({ signal }) =>
      api
        .get<{ workflow: WorkflowRecord }>(`${base(teamUID)}/${enc(workflowId)}`, { signal })
        .then((a) => a.workflow),
    // The builder holds the edits; a background refetch must not look like a change under it.
    refetchOnWindowFocus: false,
  });
}

export type WorkflowLifeAction = 'publish' | 'pause' | 'resume';

export function useWorkflowMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const settle = (workflow?: WorkflowRecord) => {
    if (workflow)
      queryClient.setQueryData(workflowKeys.one(teamUID, workflow.workflowId), workflow);
    return queryClient.invalidateQueries({ queryKey: workflowKeys.list(teamUID) });
  };
  const one = (workflowId: string) => `${base(teamUID)}/${enc(workflowId)}`;
  return {
    create: useMutation({
      mutationFn: (body: { name: string; definition?: WorkflowDefinition }) =>
        api
          .post<{ workflow: WorkflowRecord }>(base(teamUID), body, changeHeaders())
          .then((a) => a.workflow),
      onSuccess: settle,
    }),
    update: useMutation({
      mutationFn: ({ workflowId, body }: { workflowId: string; body: UpdateWorkflowBody }) =>
        api
          .patch<{ workflow: WorkflowRecord }>(one(workflowId), body, changeHeaders())
          .then((a) => a.workflow),
      onSuccess: settle,
    }),
    life: useMutation({
      mutationFn: ({ workflowId, action }: { workflowId: string; action: WorkflowLifeAction }) =>
        api
          .post<{ workflow: WorkflowRecord }>(`${one(workflowId)}/${action}`, {}, changeHeaders())
          .then((a) => a.workflow),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (workflowId: string) => api.delete(one(workflowId), changeHeaders()),
      onSuccess: (_answer, workflowId) => {
        queryClient.removeQueries({ queryKey: workflowKeys.one(teamUID, workflowId) });
        return settle();
      },
    }),
  };
}
