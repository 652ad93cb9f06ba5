import { z } from 'zod';

/** The super admin's views (docs/api.md "Admin") and the analytics events they read. */

/** GET /api/admin/flags: every flag, with the teams that have it set. */
export const flagOverviewAnswer = z.object({
  flags: z.array(
    z.object({
      name: z.string(),
      teams: z.array(z.object({ teamUID: z.string(), name: z.string(), enabled: z.boolean() })),
    }),
  ),
});
export type FlagOverviewAnswer = z.infer<typeof flagOverviewAnswer>;

export const analyticsEventSchema = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  email: z.string().nullable(),
  teamUID: z.string().nullable(),
  name: z.string(),
  properties: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
/** GET /api/admin/analytics: the newest events. */
export const analyticsEventsAnswer = z.object({ events: z.array(analyticsEventSchema) });
export type AnalyticsEventsAnswer = z.infer<typeof analyticsEventsAnswer>;

/** POST /api/analytics/events: the event's id. */
export const analyticsEventRecorded = z.object({ id: z.string() });

/** GET /api/app-address (public): where the app lives and the host names it left. */
export const appAddressAnswer = z.object({
  appUrl: z.string(),
  oldHostnames: z.array(z.string()),
});
export type AppAddress = z.infer<typeof appAddressAnswer>;
