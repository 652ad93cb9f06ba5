import {
  dashboardDataSetting,
  oldHostnamesSetting,
  trainingVideosSetting,
  webAppVersionSetting,
  type DashboardData,
  type TrainingVideo,
} from '@leadloom/core';
import type { z } from 'zod';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { readSetting, writeSetting } from './repo';

/**
 * Service-wide settings (SPEC §7 public data), edited by super admins, each with its schema and
 * the value used until someone sets it. One home for every key.
 */
export const SETTINGS = {
  /**
   * A super admin's override of the web app version users should run (SPEC §4), with the build
   * it was set on; none: this server's own build (see app-version.ts, its only reader and writer).
   */
  webAppVersion: {
    schema: webAppVersionSetting,
    fallback: null as z.infer<typeof webAppVersionSetting>,
  },
  /** Training video links (SPEC §7). */
  trainingVideos: { schema: trainingVideosSetting, fallback: [] as TrainingVideo[] },
  /** The home dashboard's announcements (SPEC §7 public/dashboardData). */
  dashboardData: { schema: dashboardDataSetting, fallback: { announcements: [] } as DashboardData },
  /** Old host names that get the "Wrong Web Address!" dialog (SPEC §8). */
  oldHostnames: { schema: oldHostnamesSetting, fallback: [] as string[] },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

const scope = systemScope('settings');

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** The stored value, or the fallback when unset or no longer valid. */
export async function getSetting<K extends SettingKey>(
  services: Services,
  key: K,
): Promise<SettingValue<K>> {
  const raw = await readSetting(scope, services.database.db, key);
  const parsed = SETTINGS[key].schema.safeParse(raw);
  return (parsed.success ? parsed.data : SETTINGS[key].fallback) as SettingValue<K>;
}

/** Validates (throws ZodError → 400 naming the field) and stores. */
export async function setSetting<K extends SettingKey>(
  services: Services,
  key: K,
  value: unknown,
): Promise<SettingValue<K>> {
  const parsed = SETTINGS[key].schema.parse(value) as SettingValue<K>;
  await withTx(services.database, scope, async (tx) => writeSetting(scope, tx.db, key, parsed));
  return parsed;
}
