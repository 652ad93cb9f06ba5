import type {
  PlatformStatus,
  QueueItem,
  QueueLimits,
  QueuePlatform,
  QueueStatus,
} from '@leadloom/core';

export type { PlatformStatus, QueueItem };
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { onChangeOf } from '../../lib/staleKeys';
import { teamKeys } from '../../lib/teamKeys';
import { wakeDueProcessors } from './processorDeps';

export type QueueBox = 'review' | 'sending' | 'history';

export interface QueueDraft {
  platform: QueuePlatform;
  GTIDs: string[];
  text: string;
  templateId?: string | null;
  queuedToUID?: string | null;
  idempotencyKey?: string;
}

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}/outreach`;
const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });

export const outreachKeys = {
  all: (teamUID: string) => teamKeys.of(teamUID, 'outreach'),
  box: (teamUID: string, box: QueueBox, platform: QueuePlatform | null) =>
    teamKeys.of(teamUID, 'outreach', 'items', box, platform ?? 'all'),
  status: (teamUID: string) => teamKeys.of(teamUID, 'outreach', 'status'),
};

// Keyed by the item's contact: the queue lists, the sender's status, and that contact's page.
onChangeOf(['messageQueueItem'], ({ teamUID, GTID }) => [
  outreachKeys.all(teamUID),
  teamKeys.contact(teamUID, GTID),
]);

export function useQueueBox(teamUID: string, box: QueueBox, platform: QueuePlatform | null) {
  return useQuery({
    queryKey: outreachKeys.box(teamUID, box, platform),
    queryFn: ({ signal }) =>
      api
        .get<{ items: QueueItem[] }>(`${teamPath(teamUID)}/items`, {
          query: { box, platform: platform ?? undefined },
          signal,
        })
        .then((a) => a.items),
  });
}

/** The signed-in sender's limits, usage and pause state per platform (their own, any team). */
export function useQueueStatus(teamUID: string) {
  return useQuery({
    queryKey: outreachKeys.status(teamUID),
    queryFn: ({ signal }) =>
      api.get<QueueStatus>('/api/outreach/status', { signal }).then((a) => a.platforms),
    // The next send time and the hour's count move with the clock.
    refetchInterval: 60_000,
  });
}

export function useOutreachMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: outreachKeys.all(teamUID) });
  const setStatus = (platforms: PlatformStatus[]) =>
    queryClient.setQueryData(outreachKeys.status(teamUID), platforms);
  return {
    queue: useMutation({
      mutationFn: (draft: QueueDraft) =>
        api.post<{ items: QueueItem[]; skipped: { GTID: string; reason: string }[] }>(
          `${teamPath(teamUID)}/items`,
          draft,
          changeHeaders(),
        ),
      onSuccess: (answer) => {
        // Queued to the sender themself: in their send queue now.
        if (answer.items.some((i) => i.status === 'approved')) wakeDueProcessors();
        return refresh();
      },
    }),
    review: useMutation({
      mutationFn: (body: {
        decision: 'approve' | 'reject';
        itemUIDs?: string[];
        platform?: QueuePlatform;
      }) => api.post<{ changed: number }>(`${teamPath(teamUID)}/review`, body, changeHeaders()),
      onSuccess: (answer, body) => {
        if (body.decision === 'approve' && answer.changed > 0) wakeDueProcessors();
        return refresh();
      },
    }),
    edit: useMutation({
      mutationFn: ({ itemUID, text }: { itemUID: string; text: string }) =>
        api.patch<QueueItem>(
          `${teamPath(teamUID)}/items/${encodeURIComponent(itemUID)}`,
          { text },
          changeHeaders(),
        ),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (itemUID: string) =>
        api.delete<QueueItem>(
          `${teamPath(teamUID)}/items/${encodeURIComponent(itemUID)}`,
          changeHeaders(),
        ),
      onSuccess: refresh,
    }),
    saveLimits: useMutation({
      mutationFn: ({ platform, limits }: { platform: QueuePlatform; limits: QueueLimits | null }) =>
        api.put<{ platforms: PlatformStatus[] }>(`/api/outreach/${platform}/limits`, { limits }),
      onSuccess: (a) => setStatus(a.platforms),
    }),
    setPaused: useMutation({
      mutationFn: ({ platform, paused }: { platform: QueuePlatform; paused: boolean }) =>
        api.post<QueueStatus>(`/api/outreach/${platform}/${paused ? 'pause' : 'resume'}`, {}),
      onSuccess: (a, { paused }) => {
        setStatus(a.platforms);
        if (!paused) wakeDueProcessors(a);
      },
    }),
  };
}
