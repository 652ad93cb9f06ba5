import type { Kpi, KpiFunnel, KpiInput, KpiResults } from '@leadloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { onChangeOf } from '../../lib/staleKeys';
import { teamKeys } from '../../lib/teamKeys';

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;

/** Query keys: everything under `kpis` refetches when an activity arrives (lib/realtime.ts). */
export const kpiKeys = {
  all: (teamUID: string) => teamKeys.of(teamUID, 'kpis'),
  list: (teamUID: string) => teamKeys.of(teamUID, 'kpis', 'list'),
  results: (teamUID: string, kpiUID: string) => teamKeys.of(teamUID, 'kpis', 'results', kpiUID),
  funnel: (teamUID: string, pipelineUID: string, range: string) =>
    teamKeys.of(teamUID, 'kpis', 'funnel', pipelineUID, range),
};

// An activity is (or may be) a KPI event: the charts on screen refetch their sums. A KPI defined,
// edited or deleted: the list and its charts.
onChangeOf(['activity', 'kpi'], ({ teamUID }) => [kpiKeys.all(teamUID)]);

export function useKpis(teamUID: string) {
  return useQuery({
    queryKey: kpiKeys.list(teamUID),
    queryFn: ({ signal }) =>
      api.get<{ kpis: Kpi[] }>(`${teamPath(teamUID)}/kpis`, { signal }).then((r) => r.kpis),
  });
}

export function useKpiResults(teamUID: string, kpiUID: string) {
  return useQuery({
    queryKey: kpiKeys.results(teamUID, kpiUID),
    queryFn: ({ signal }) =>
      api.get<KpiResults>(`${teamPath(teamUID)}/kpis/${encodeURIComponent(kpiUID)}/results`, {
        signal,
      }),
    // "Today" and the period move at midnight even when nothing changes.
    refetchInterval: 5 * 60_000,
  });
}

export function useKpiFunnel(
  teamUID: string,
  pipelineUID: string | null,
  range: { from: string; to: string } | null,
  members: string[] | null,
) {
  return useQuery({
    queryKey: kpiKeys.funnel(
      teamUID,
      pipelineUID ?? '',
      `${range?.from ?? ''}:${range?.to ?? ''}:${members?.join(',') ?? ''}`,
    ),
    enabled: pipelineUID !== null,
    queryFn: ({ signal }) =>
      api.get<KpiFunnel>(
        `${teamPath(teamUID)}/kpi-funnel/${encodeURIComponent(pipelineUID ?? '')}`,
        {
          signal,
          query: {
            from: range?.from ?? null,
            to: range?.to ?? null,
            members: members?.join(',') ?? null,
          },
        },
      ),
  });
}

/** A pipeline's stages (placeholder left out) for the KPI form. */
export function usePipelineStages(teamUID: string, pipelineUID: string | null) {
  return useQuery({
    queryKey: teamKeys.of(teamUID, 'pipelines', pipelineUID ?? '', 'kpi-stages'),
    enabled: pipelineUID !== null,
    queryFn: ({ signal }) =>
      api
        .get<{
          stages: { stageUID: string; name: string; placeholder: boolean }[];
        }>(`${teamPath(teamUID)}/pipelines/${encodeURIComponent(pipelineUID ?? '')}`, { signal })
        .then((r) => r.stages.filter((s) => !s.placeholder)),
  });
}

export function useKpiMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: kpiKeys.all(teamUID) });
  const headers = () => ({ 'x-change-id': newChangeId() });
  return {
    create: useMutation({
      mutationFn: (body: KpiInput) =>
        api.post<{ kpi: Kpi }>(`${teamPath(teamUID)}/kpis`, body, { headers: headers() }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ kpiUID, body }: { kpiUID: string; body: KpiInput }) =>
        api.put<{ kpi: Kpi }>(`${teamPath(teamUID)}/kpis/${encodeURIComponent(kpiUID)}`, body, {
          headers: headers(),
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (kpiUID: string) =>
        api.delete<{ deleted: true }>(`${teamPath(teamUID)}/kpis/${encodeURIComponent(kpiUID)}`, {
          headers: headers(),
        }),
      onSuccess: done,
    }),
  };
}

/**
 * Re-creates a deleted KPI (the Undo of its notification). A plain call, not a mutation hook:
 * the card that offered the Undo is gone by the time it is clicked.
 */
export function useRestoreKpi(teamUID: string) {
  const queryClient = useQueryClient();
  return async (body: KpiInput) => {
    const res = await api.post<{ kpi: Kpi }>(`${teamPath(teamUID)}/kpis`, body, {
      headers: { 'x-change-id': newChangeId() },
    });
    await queryClient.invalidateQueries({ queryKey: kpiKeys.all(teamUID) });
    return res.kpi;
  };
}
