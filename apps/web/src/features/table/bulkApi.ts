import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkJob, BulkJobCreated, BulkRequest } from '@leadloom/core';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { pipelineKeys } from '../pipeline/requests';
import { tableKeys, teamPath } from './api';

/** GET …/bulk-jobs/:jobUID (docs/api.md "Bulk actions"), as core's contract has it. */
export type { BulkJob };

/** While a job runs, its progress is read this often. */
const POLL_MS = 500;

export function useStartBulkJob(teamUID: string) {
  return useMutation({
    mutationFn: (body: BulkRequest) =>
      api.post<BulkJobCreated>(`${teamPath(teamUID)}/bulk-jobs`, body, {
        headers: { 'x-change-id': newChangeId() },
      }),
  });
}

/** Follows a job until it ends; then the table and boards refresh (the contacts changed). */
export function useBulkJob(teamUID: string, jobUID: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: tableKeys.bulkJob(teamUID, jobUID),
    queryFn: ({ signal }) =>
      api
        .get<{ job: BulkJob }>(`${teamPath(teamUID)}/bulk-jobs/${encodeURIComponent(jobUID)}`, {
          signal,
        })
        .then((a) => a.job),
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      return state === 'done' || state === 'failed' ? false : POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
  const state = query.data?.state;
  const finished = state === 'done' || state === 'failed';
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: tableKeys.allSearches(teamUID) });
    void queryClient.invalidateQueries({ queryKey: pipelineKeys.list(teamUID) });
  }, [finished, queryClient, teamUID]);
  return query;
}
