import { z } from 'zod';
import { localDateSchema } from '../tasks';
import { KPI_EVENTS, KPI_PERIODS, type Kpi, type KpiFunnel, type KpiResults } from '../kpi';
import { sameType } from './type-equal';

/** KPIs and the home dashboard (docs/api.md "KPIs", "Dashboards"): the answers and the queries. */

/** A KPI's or funnel pipeline's id in the path, trimmed; the route reads it itself, so a bad one is a 400 without a field. */
export const kpiIdParam = z.string().trim().min(1).max(200);

/** GET …/kpi-funnel/{pipelineUID}: a range (both ends or neither) and the members counted. */
export const kpiFunnelQuery = z
  .object({
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
    members: z
      .string()
      .max(20_000)
      .optional()
      .transform((m) => (m ? m.split(',').filter(Boolean) : undefined)),
  })
  .strict()
  .refine((q) => !q.from === !q.to, { message: 'Give both from and to, or neither', path: ['to'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date is before the start',
    path: ['to'],
  });

export const kpiSchema = z.object({
  kpiUID: z.string(),
  name: z.string(),
  event: z.enum(KPI_EVENTS),
  pipelineUID: z.string().nullable(),
  stageUID: z.string().nullable(),
  currency: z.string().nullable(),
  period: z.enum(KPI_PERIODS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  target: z.number(),
  /** null = every member. */
  members: z.array(z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
sameType<z.infer<typeof kpiSchema>, Kpi>(true);

const kpiRangeSchema = z.object({ from: z.string(), to: z.string() });

export const kpiResultsSchema = z.object({
  kpi: kpiSchema,
  range: kpiRangeSchema,
  today: z.string(),
  timeZone: z.string(),
  total: z.number(),
  members: z.array(z.object({ uid: z.string(), name: z.string(), total: z.number() })),
  bucket: z.enum(['day', 'week']),
  series: z.array(z.object({ start: z.string(), total: z.number() })),
});
sameType<z.infer<typeof kpiResultsSchema>, KpiResults>(true);

export const kpiFunnelSchema = z.object({
  pipelineUID: z.string(),
  range: kpiRangeSchema,
  stages: z.array(z.object({ stageUID: z.string(), name: z.string(), count: z.number().int() })),
});
sameType<z.infer<typeof kpiFunnelSchema>, KpiFunnel>(true);

export const kpisAnswer = z.object({ kpis: z.array(kpiSchema) });
export const kpiAnswer = z.object({ kpi: kpiSchema });
export const kpiDeletedAnswer = z.object({ deleted: z.literal(true) });

/** GET …/dashboard/home: the signed-in person's day, week and streak, in their own zone. */
export const homeDashboardAnswer = z.object({
  today: z.string(),
  timeZone: z.string(),
  weekStart: z.string(),
  tasks: z.object({ today: z.number().int(), overdue: z.number().int() }),
  week: z.object({
    added: z.number(),
    moved: z.number(),
    messages: z.number(),
    tasksDone: z.number(),
  }),
  streak: z.object({
    current: z.number().int(),
    best: z.number().int(),
    days: z.array(z.string()),
  }),
  announcements: z.array(
    z.object({
      title: z.string(),
      text: z.string(),
      link: z.string().optional(),
      publishedAt: z.string().optional(),
    }),
  ),
  trainingVideos: z.array(
    z.object({ title: z.string(), url: z.string(), description: z.string() }),
  ),
});
export type HomeDashboard = z.infer<typeof homeDashboardAnswer>;
