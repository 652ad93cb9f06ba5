import type { WebAppVersionAnswer } from '@leadloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noticeKeys } from '../api';
import type { Notice, NoticeFields } from '../types';

const adminNoticeKeys = { list: ['admin', 'notifications'] as const };
const path = (id: string) => `/api/admin/notifications/${encodeURIComponent(id)}`;

export function useAdminNotices() {
  return useQuery({
    queryKey: adminNoticeKeys.list,
    queryFn: ({ signal }) =>
      api.get<{ notifications: Notice[] }>('/api/admin/notifications', { signal }),
    select: (d) => d.notifications,
  });
}

export type NoticeChange =
  | { kind: 'create'; body: NoticeFields }
  | { kind: 'update'; id: string; body: Partial<NoticeFields> }
  | { kind: 'delete'; id: string };

/** Any change also refreshes the admin's own notices, so a publish shows up for them at once. */
export function useNoticeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoticeChange) => {
      switch (change.kind) {
        case 'create':
          return api.post<unknown>('/api/admin/notifications', change.body);
        case 'update':
          return api.put<unknown>(path(change.id), change.body);
        case 'delete':
          return api.delete<unknown>(path(change.id));
      }
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminNoticeKeys.list });
      await queryClient.invalidateQueries({ queryKey: noticeKeys.mine });
    },
  });
}

/** PUT /api/admin/settings/webAppVersion (super admins; SPEC §4 App version). */
export function usePublishVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `force`: publish a version that is not the server's build (it refuses one otherwise). */
    mutationFn: ({ value, force }: { value: string; force?: boolean }) =>
      api.put<WebAppVersionAnswer>(
        '/api/admin/settings/webAppVersion',
        force ? { value, force } : { value },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.publicSettings }),
  });
}
