import type {
  UpdateWorkflowBody,
  WorkflowDefinition,
  WorkflowRecord,
  WorkflowRun,
  WorkflowSummary,
} from '@leadloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { onChangeOf } from '../../lib/staleKeys';
import { teamKeys } from '../../lib/teamKeys';

/** docs/api.md "Workflows": the shapes are core's. */
export type { WorkflowRecord, WorkflowRun, WorkflowSummary };

/** One move of a run, as the run log keeps it. */
export interface WorkflowRunStep {
  stepId: string;
  move: number;
  outcome: 'done' | 'skipped' | 'failed';
  detail: Record<string, unknown> | null;
  at: string;
}

const enc = encodeURIComponent;
const base = (teamUID: string) => `/api/teams/${enc(teamUID)}/workflows`;
const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });

export const workflowKeys = {
  all: (teamUID: string) => teamKeys.of(teamUID, 'workflows'),
  list: (teamUID: string) => teamKeys.of(teamUID, 'workflows', 'list'),
  one: (teamUID: string, workflowId: string) =>
    teamKeys.of(teamUID, 'workflows', 'one', workflowId),
  runs: (teamUID: string, workflowId: string, state: string) =>
    teamKeys.of(teamUID, 'workflows', 'runs', workflowId, state),
  run: (teamUID: string, workflowId: string, runId: string) =>
    teamKeys.of(teamUID, 'workflows', 'run', workflowId, runId),
};

/** The run log's newest page (up to 100 runs), optionally of one state. */
export function useWorkflowRuns(teamUID: string, workflowId: string, state: string | null) {
  return useQuery({
    queryKey: workflowKeys.runs(teamUID, workflowId, state ?? 'all'),
    queryFn: ({ signal }) =>
      api.get<{ runs: WorkflowRun[]; next: string | null }>(
        `${base(teamUID)}/${enc(workflowId)}/runs`,
        { query: { limit: 100, ...(state ? { state } : {}) }, signal },
      ),
  });
}

/** One run with its moves. */
export function useWorkflowRun(teamUID: string, workflowId: string, runId: string | null) {
  return useQuery({
    queryKey: workflowKeys.run(teamUID, workflowId, runId ?? ''),
    enabled: runId !== null,
    queryFn: ({ signal }) =>
      api.get<{ run: WorkflowRun; steps: WorkflowRunStep[] }>(
        `${base(teamUID)}/${enc(workflowId)}/runs/${enc(runId!)}`,
        { signal },
      ),
  });
}

export function useRetryRun(teamUID: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) =>
      api.post(`${base(teamUID)}/${enc(workflowId)}/runs/${enc(runId)}/retry`, {}, changeHeaders()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all(teamUID) }),
  });
}

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
