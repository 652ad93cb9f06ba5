import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pipelineKeys } from '../pipeline/api';
import type { PipelineSummary } from '../pipeline/types';
import type {
  Connection,
  DeleteImpact,
  NewPipelineInput,
  Phase,
  PipelineDetail,
  PipelinePatch,
  Question,
  QuestionKind,
  QuestionLists,
  SetupStage,
  StageInput,
} from './types';
import { teamKeys } from '../../lib/teamKeys';

const enc = encodeURIComponent;
const teamPath = (teamUID: string) => `/api/teams/${enc(teamUID)}`;
const pipelinePath = (teamUID: string, groupUID: string) =>
  `${teamPath(teamUID)}/pipelines/${enc(groupUID)}`;

export const setupKeys = {
  pipeline: (teamUID: string, groupUID: string) =>
    teamKeys.of(teamUID, 'pipelines', groupUID, 'setup'),
  impact: (teamUID: string, groupUID: string) =>
    teamKeys.of(teamUID, 'pipelines', groupUID, 'delete-impact'),
  phases: (teamUID: string) => teamKeys.of(teamUID, 'phases'),
  questions: (teamUID: string) => teamKeys.of(teamUID, 'questions'),
  connections: (teamUID: string) => teamKeys.of(teamUID, 'connections'),
};

/**
 * Refreshes what a pipeline change shows elsewhere: the list and every board (their keys all
 * start with the list key), so the board shows new pipelines and stages at once.
 */
function refreshPipelines(queryClient: QueryClient, teamUID: string) {
  return queryClient.invalidateQueries({ queryKey: pipelineKeys.list(teamUID) });
}

export function usePipelineDetail(teamUID: string, groupUID: string | null) {
  return useQuery({
    queryKey: setupKeys.pipeline(teamUID, groupUID ?? ''),
    queryFn: ({ signal }) => api.get<PipelineDetail>(pipelinePath(teamUID, groupUID!), { signal }),
    enabled: groupUID !== null,
  });
}

export function useDeleteImpact(teamUID: string, groupUID: string, enabled: boolean) {
  return useQuery({
    queryKey: setupKeys.impact(teamUID, groupUID),
    queryFn: ({ signal }) =>
      api.get<DeleteImpact>(`${pipelinePath(teamUID, groupUID)}/delete-impact`, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function usePhases(teamUID: string) {
  return useQuery({
    queryKey: setupKeys.phases(teamUID),
    queryFn: ({ signal }) =>
      api.get<{ phases: Phase[] }>(`${teamPath(teamUID)}/phases`, { signal }).then((a) => a.phases),
  });
}

export function useQuestions(teamUID: string) {
  return useQuery({
    queryKey: setupKeys.questions(teamUID),
    queryFn: ({ signal }) => api.get<QuestionLists>(`${teamPath(teamUID)}/questions`, { signal }),
  });
}

/** Connections are for owners and admins only (members would get 403). */
export function useConnections(teamUID: string, enabled: boolean) {
  return useQuery({
    queryKey: setupKeys.connections(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ connections: Connection[] }>(`${teamPath(teamUID)}/connections`, { signal })
        .then((a) => a.connections),
    enabled,
  });
}

/** Pipeline-level writes; each refreshes the setup view and the board's pipeline list. */
export function usePipelineMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const setDetail = (detail: PipelineDetail) =>
    queryClient.setQueryData(setupKeys.pipeline(teamUID, detail.pipeline.groupUID), detail);
  const create = useMutation({
    mutationFn: (input: NewPipelineInput) =>
      api.post<PipelineDetail>(`${teamPath(teamUID)}/pipelines`, input),
    onSuccess: setDetail,
    onSettled: () => refreshPipelines(queryClient, teamUID),
  });
  const update = useMutation({
    mutationFn: ({ groupUID, patch }: { groupUID: string; patch: PipelinePatch }) =>
      api.patch<PipelineDetail>(pipelinePath(teamUID, groupUID), patch),
    onSuccess: (detail, { patch }) => {
      setDetail(detail);
      if (patch.connections) {
        void queryClient.invalidateQueries({ queryKey: setupKeys.connections(teamUID) });
      }
    },
    onSettled: () => refreshPipelines(queryClient, teamUID),
  });
  const remove = useMutation({
    mutationFn: (groupUID: string) =>
      api.delete<{ deleted: DeleteImpact }>(pipelinePath(teamUID, groupUID)),
    onSuccess: (_answer, groupUID) => {
      queryClient.removeQueries({ queryKey: setupKeys.pipeline(teamUID, groupUID) });
    },
    onSettled: () => refreshPipelines(queryClient, teamUID),
  });
  const order = useMutation({
    mutationFn: (groupUIDs: string[]) =>
      api.put<{ pipelines: PipelineSummary[] }>(`${teamPath(teamUID)}/pipelines-order`, {
        order: groupUIDs,
      }),
    // Optimistic: the list shows the new order at once and rolls back on failure.
    onMutate: async (groupUIDs) => {
      const key = pipelineKeys.list(teamUID);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<PipelineSummary[]>(key);
      if (previous) {
        const byUID = new Map(previous.map((p) => [p.groupUID, p]));
        queryClient.setQueryData(
          key,
          groupUIDs.flatMap((uid, i) => {
            const p = byUID.get(uid);
            return p ? [{ ...p, order: i }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(pipelineKeys.list(teamUID), context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(pipelineKeys.list(teamUID), answer.pipelines),
    onSettled: () => refreshPipelines(queryClient, teamUID),
  });
  return { create, update, remove, order };
}

/** Stage writes of one pipeline. */
export function useStageMutations(teamUID: string, groupUID: string) {
  const queryClient = useQueryClient();
  const key = setupKeys.pipeline(teamUID, groupUID);
  const base = pipelinePath(teamUID, groupUID);
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      refreshPipelines(queryClient, teamUID),
    ]);
  const patchStage = (stage: SetupStage) =>
    queryClient.setQueryData<PipelineDetail>(key, (d) =>
      d ? { ...d, stages: d.stages.map((s) => (s.stageUID === stage.stageUID ? stage : s)) } : d,
    );
  const create = useMutation({
    mutationFn: (input: StageInput & { name: string }) =>
      api.post<{ stage: SetupStage }>(`${base}/stages`, input),
    onSuccess: ({ stage }) =>
      queryClient.setQueryData<PipelineDetail>(key, (d) =>
        d ? { ...d, stages: [...d.stages, stage] } : d,
      ),
    onSettled: settle,
  });
  const update = useMutation({
    mutationFn: ({ stageUID, patch }: { stageUID: string; patch: StageInput }) =>
      api.patch<{ stage: SetupStage }>(`${base}/stages/${enc(stageUID)}`, patch),
    onSuccess: ({ stage }) => patchStage(stage),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: ({ stageUID, moveTo }: { stageUID: string; moveTo: string | null }) =>
      api.delete<{ moved: number }>(`${base}/stages/${enc(stageUID)}`, {
        query: { moveTo: moveTo ?? undefined },
      }),
    onSettled: settle,
  });
  const order = useMutation({
    mutationFn: (stageUIDs: string[]) =>
      api.put<{ stages: SetupStage[] }>(`${base}/stages-order`, { order: stageUIDs }),
    onMutate: async (stageUIDs) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<PipelineDetail>(key);
      if (previous) {
        const byUID = new Map(previous.stages.map((s) => [s.stageUID, s]));
        const placeholder = previous.stages.filter((s) => s.placeholder);
        const rest = stageUIDs.flatMap((uid, i) => {
          const s = byUID.get(uid);
          return s ? [{ ...s, idx: i + 1 }] : [];
        });
        queryClient.setQueryData(key, { ...previous, stages: [...placeholder, ...rest] });
      }
      return { previous };
    },
    onError: (_e, _o, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: settle,
  });
  return { create, update, remove, order };
}

export function usePhaseMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const key = setupKeys.phases(teamUID);
  const base = `${teamPath(teamUID)}/phases`;
  const settle = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (input: { name: string; color?: string }) =>
      api.post<{ phase: Phase }>(base, input),
    onSettled: settle,
  });
  const update = useMutation({
    mutationFn: ({
      phaseUID,
      patch,
    }: {
      phaseUID: string;
      patch: { name?: string; color?: string };
    }) => api.patch<{ phase: Phase }>(`${base}/${enc(phaseUID)}`, patch),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (phaseUID: string) => api.delete<unknown>(`${base}/${enc(phaseUID)}`),
    // Stages lose the phase: refresh every pipeline's setup view too.
    onSettled: () =>
      Promise.all([
        settle(),
        queryClient.invalidateQueries({ queryKey: pipelineKeys.list(teamUID) }),
      ]),
  });
  const order = useMutation({
    mutationFn: (phaseUIDs: string[]) =>
      api.put<{ phases: Phase[] }>(`${teamPath(teamUID)}/phases-order`, { order: phaseUIDs }),
    onMutate: async (phaseUIDs) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Phase[]>(key);
      if (previous) {
        const byUID = new Map(previous.map((p) => [p.phaseUID, p]));
        queryClient.setQueryData(
          key,
          phaseUIDs.flatMap((uid, i) => {
            const p = byUID.get(uid);
            return p ? [{ ...p, order: i }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_e, _o, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: settle,
  });
  return { create, update, remove, order };
}

export function useQuestionMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const key = setupKeys.questions(teamUID);
  const base = `${teamPath(teamUID)}/questions`;
  const settle = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (input: { question: string; kind: QuestionKind }) =>
      api.post<{ question: Question }>(base, input),
    onSettled: settle,
  });
  const update = useMutation({
    mutationFn: ({ questionUID, question }: { questionUID: string; question: string }) =>
      api.patch<unknown>(`${base}/${enc(questionUID)}`, { question }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (questionUID: string) => api.delete<unknown>(`${base}/${enc(questionUID)}`),
    onSettled: settle,
  });
  const order = useMutation({
    mutationFn: ({ kind, order: uids }: { kind: QuestionKind; order: string[] }) =>
      api.put<QuestionLists>(`${teamPath(teamUID)}/questions-order`, { kind, order: uids }),
    onMutate: async ({ kind, order: uids }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<QuestionLists>(key);
      if (previous) {
        const list = kind === 'test' ? 'testQuestions' : 'questions';
        const byUID = new Map(previous[list].map((q) => [q.questionUID, q]));
        queryClient.setQueryData(key, {
          ...previous,
          [list]: uids.flatMap((uid, i) => {
            const q = byUID.get(uid);
            return q ? [{ ...q, order: i }] : [];
          }),
        });
      }
      return { previous };
    },
    onError: (_e, _o, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (lists) => queryClient.setQueryData(key, lists),
  });
  return { create, update, remove, order };
}
