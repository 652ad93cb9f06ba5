import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { permanentStamp, snoozeStamp, type PublicSettings } from '@leadloom/core';
import { api } from '../../lib/api';
import type { UserNotice } from './types';

/** Notices and the published version are re-read this often, and on window focus. */
export const NOTICE_POLL_MS = 60_000;

export const noticeKeys = {
  mine: ['notices', 'web'] as const,
  publicSettings: ['settings', 'public'] as const,
};

/** Published notices for the web app with the user's stamps (one request for centre and bell). */
export function useMyNotices() {
  return useQuery({
    queryKey: noticeKeys.mine,
    queryFn: ({ signal }) =>
      api.get<{ notifications: UserNotice[] }>('/api/notifications', {
        query: { platform: 'web' },
        signal,
      }),
    select: (d) => d.notifications,
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

export type StampKind = 'dismiss' | 'never';

/**
 * Dismiss (24 h snooze) or "Don't show again" (permanent). The stamp is stored server-side per
 * user so every device honours it; the cache gets core's stamp at once so the notice disappears
 * without waiting for the round trip.
 */
export function useStampNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: StampKind }) =>
      api.post<{ notificationId: string; stamp: number }>(
        `/api/notifications/${encodeURIComponent(id)}/${kind}`,
        {},
      ),
    onMutate: ({ id, kind }) => {
      const now = Date.now();
      const stamp = kind === 'dismiss' ? snoozeStamp(now) : permanentStamp(now);
      queryClient.setQueryData<{ notifications: UserNotice[] }>(noticeKeys.mine, (old) =>
        old
          ? {
              notifications: old.notifications.map((n) =>
                n.notificationId === id ? { ...n, stamp } : n,
              ),
            }
          : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.mine }),
  });
}

/** GET /api/settings/public, polled for the published web app version (SPEC §4 App version). */
export function usePublicSettings() {
  return useQuery({
    queryKey: noticeKeys.publicSettings,
    queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings/public', { signal }),
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}
