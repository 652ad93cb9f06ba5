import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { DashboardData } from './announcementForm';
import type { TrainingVideo } from './videoForm';

/** The service settings the admin edits here (GET/PUT /api/admin/settings/:key). */
export interface AdminSettings {
  trainingVideos: TrainingVideo[];
  dashboardData: DashboardData;
}
export type AdminSettingKey = keyof AdminSettings;

const settingKey = (key: AdminSettingKey) => ['admin', 'settings', key] as const;
const settingPath = (key: AdminSettingKey) => `/api/admin/settings/${key}`;

export function useAdminSetting<K extends AdminSettingKey>(key: K) {
  return useQuery({
    queryKey: settingKey(key),
    queryFn: ({ signal }) =>
      api.get<{ key: K; value: AdminSettings[K] }>(settingPath(key), { signal }),
  });
}

/** Saves the whole value; the server answers what it stored (trimmed, defaults filled in). */
export function useSaveSetting<K extends AdminSettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: AdminSettings[K]) =>
      api.put<{ key: K; value: AdminSettings[K] }>(settingPath(key), { value }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(settingKey(key), answer);
      // Readers of GET /api/settings/public in this tab (boot, the dashboard) see it at once.
      await queryClient.invalidateQueries({ queryKey: ['settings', 'public'] });
    },
  });
}
