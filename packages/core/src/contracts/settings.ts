import { z } from 'zod';
import { httpUrlSchema } from '../web-address';

/**
 * Service-wide settings (SPEC §7 public data) a super admin edits, each with its schema
 * (docs/api.md "Admin"), and the public settings every signed-in app reads at boot.
 */

/** Training video links (SPEC §7). */
export const trainingVideosSetting = z
  .array(
    z.object({
      title: z.string().trim().min(1).max(200),
      url: httpUrlSchema('Video URL'),
      description: z.string().max(1000).default(''),
    }),
  )
  .max(200);
export type TrainingVideo = z.infer<typeof trainingVideosSetting>[number];

/** The home dashboard's announcements (SPEC §7 public/dashboardData). */
export const dashboardDataSetting = z.object({
  announcements: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        text: z.string().max(4000).default(''),
        link: httpUrlSchema('Announcement link').optional(),
        publishedAt: z.iso.datetime().optional(),
      }),
    )
    .max(100),
});
export type DashboardData = z.infer<typeof dashboardDataSetting>;

/** Old host names that get the "Wrong Web Address!" dialog (SPEC §8). */
export const oldHostnamesSetting = z.array(z.string().trim().toLowerCase().min(1).max(253)).max(50);

/**
 * A super admin's override of the web app version users should run (SPEC §4), with the build
 * it was set on; none: the server's own build.
 */
export const webAppVersionSetting = z
  .object({ version: z.string().min(1).max(40), setOnBuild: z.string().min(1) })
  .nullable();

/** PUT /api/admin/settings/{key}: the whole new value, checked against the key's schema. */
export const adminSettingBody = z.object({ value: z.unknown() });

/** GET and PUT /api/admin/settings/{key}: the value as stored (trimmed, defaults filled in). */
export const adminSettingAnswer = z.discriminatedUnion('key', [
  z.object({ key: z.literal('trainingVideos'), value: trainingVideosSetting }),
  z.object({ key: z.literal('dashboardData'), value: dashboardDataSetting }),
  z.object({ key: z.literal('oldHostnames'), value: oldHostnamesSetting }),
]);

/** PUT /api/admin/settings/webAppVersion. */
export const publishWebAppVersionBody = z
  .object({
    value: z.string().trim().min(1, 'Enter a version').max(40),
    /** Publish a version that is not this server's build, having read why that hurts. */
    force: z.boolean().optional(),
  })
  .strict();
export type PublishWebAppVersionBody = z.infer<typeof publishWebAppVersionBody>;

/** GET and PUT /api/admin/settings/webAppVersion: the version published, and this build. */
export const webAppVersionAnswer = z.object({
  key: z.literal('webAppVersion'),
  value: z.string(),
  build: z.string(),
  /** A super admin published another version than this build's. */
  override: z.boolean(),
});
export type WebAppVersionAnswer = z.infer<typeof webAppVersionAnswer>;

/** GET /api/settings/public: what every signed-in app reads at boot (no secrets). */
export const publicSettingsAnswer = z.object({
  webAppVersion: z.string(),
  trainingVideos: trainingVideosSetting,
  dashboardData: dashboardDataSetting,
  oldHostnames: oldHostnamesSetting,
  /** Where the "Wrong Web Address!" dialog sends users (SPEC §8): the server's PUBLIC_URL. */
  appUrl: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsAnswer>;
