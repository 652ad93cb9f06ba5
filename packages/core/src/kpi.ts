import { z } from 'zod';
import { weekStart } from './dashboard';
import { addDays, localDateSchema } from './tasks';

/**
 * Team KPIs (SPEC §3 Team.kpis; issue 8 "Dashboards"): a KPI counts events of one kind per
 * member over a period, against a target. Events come from the typed activity columns
 * (type, action, pipeline, stage, value, currency) through `kpiEventOf`; the server keeps daily
 * rollups of them in the transaction that writes the activity, and every KPI number is a sum
 * over those rollups.
 */

/** What a KPI counts. `won` sums the value of deals won (per currency) and counts them. */
export const KPI_EVENTS = ['added', 'stage', 'message', 'task', 'won'] as const;
export type KpiEvent = (typeof KPI_EVENTS)[number];

export const KPI_EVENT_LABELS: Record<KpiEvent, string> = {
  added: 'Contacts added',
  stage: 'Entered a stage',
  message: 'Messages sent or logged',
  task: 'Tasks done',
  won: 'Deals won (value)',
};

export const KPI_PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type KpiPeriod = (typeof KPI_PERIODS)[number];

export const KPI_PERIOD_LABELS: Record<KpiPeriod, string> = {
  day: 'Today',
  week: 'This week',
  month: 'This month',
  custom: 'Custom range',
};

/** The longest custom range (a bit over a year), so a series stays a readable size. */
export const KPI_MAX_RANGE_DAYS = 400;

/** A rollup event: what one activity adds to its actor's day. */
export interface KpiEventRow {
  kind: KpiEvent;
  /** The pipeline of a stage entry or a won deal; '' otherwise. */
  pipelineUID: string;
  /** The stage entered; '' otherwise. */
  stageUID: string;
  /** ISO 4217 code of a won deal's value; '' otherwise. */
  currency: string;
  /** Exact decimal value of a won deal; null otherwise. */
  value: string | null;
}

/** The typed columns of an activity that KPIs read. */
export interface KpiActivity {
  type: string;
  action: string;
  pipelineUID?: string | null;
  stageUID?: string | null;
  value?: string | number | null;
  currency?: string | null;
}

/**
 * Which KPI event an activity is, if any:
 * - `initial` (a contact was created) → contacts added;
 * - `stage/changed` (moved into a stage) and `pipeline/added` (placed in a pipeline, in a stage)
 *   → entered that stage of that pipeline; deleting a history entry is not an entry;
 * - `message` (sent or logged) → a message;
 * - `task/completed` → a task done (reopening does not take it back: KPIs count what happened);
 * - `pipeline/dealWon` → a deal won, with its value and currency.
 */
export function kpiEventOf(a: KpiActivity): KpiEventRow | null {
  const none = { pipelineUID: '', stageUID: '', currency: '', value: null };
  switch (a.type) {
    case 'initial':
      return { kind: 'added', ...none };
    case 'message':
      return { kind: 'message', ...none };
    case 'task':
      return a.action === 'completed' ? { kind: 'task', ...none } : null;
    case 'stage':
    case 'pipeline':
      if (
        ((a.type === 'stage' && a.action === 'changed') ||
          (a.type === 'pipeline' && a.action === 'added')) &&
        a.pipelineUID &&
        a.stageUID
      ) {
        return { ...none, kind: 'stage', pipelineUID: a.pipelineUID, stageUID: a.stageUID };
      }
      if (a.type === 'pipeline' && a.action === 'dealWon') {
        return {
          ...none,
          kind: 'won',
          pipelineUID: a.pipelineUID ?? '',
          currency: a.currency ?? '',
          value: a.value === null || a.value === undefined ? '0' : String(a.value),
        };
      }
      return null;
    default:
      return null;
  }
}

/**
 * The same rule as SQL over an activity row aliased `a` (for the backfill and for tests that
 * check the two agree): the rollup kind, or NULL when the activity is no KPI event.
 */
export const KPI_EVENT_SQL = `CASE
  WHEN a.type = 'initial' THEN 'added'
  WHEN a.type = 'message' THEN 'message'
  WHEN a.type = 'task' AND a.action = 'completed' THEN 'task'
  WHEN ((a.type = 'stage' AND a.action = 'changed') OR (a.type = 'pipeline' AND a.action = 'added'))
    AND a.pipeline_uid IS NOT NULL AND a.stage_uid IS NOT NULL THEN 'stage'
  WHEN a.type = 'pipeline' AND a.action = 'dealWon' THEN 'won'
END`;

/** A period as local dates, both ends included. */
export interface KpiRange {
  from: string;
  to: string;
}

/** First day of the month a local date is in. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** Last day of the month a local date is in. */
export function monthEnd(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.max(0, Math.round((b - a) / 86_400_000) + 1);
}

/**
 * The dates a KPI's period covers, seen on `today` (the viewer's local date): today; this week
 * (Monday to Sunday); this month; or the custom range as stored.
 */
export function kpiRange(
  period: KpiPeriod,
  today: string,
  custom?: { from: string | null; to: string | null } | null,
): KpiRange {
  switch (period) {
    case 'day':
      return { from: today, to: today };
    case 'week': {
      const from = weekStart(today);
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'custom':
      if (!custom?.from || !custom.to) throw new RangeError('A custom period needs both dates');
      return { from: custom.from, to: custom.to };
  }
}

export type KpiBucket = 'day' | 'week';

/**
 * How the "over time" chart groups a range: by day up to ~two months, by week (Mondays) beyond,
 * and the buckets' first days in order (weeks start on Monday; the first may begin before
 * `from`). A one-day period still gets the last 14 days, so its chart shows a trend.
 */
export function kpiSeriesPlan(range: KpiRange): {
  bucket: KpiBucket;
  from: string;
  starts: string[];
} {
  const from = range.from === range.to ? addDays(range.to, -13) : range.from;
  const bucket: KpiBucket = daysBetween(from, range.to) > 62 ? 'week' : 'day';
  const starts: string[] = [];
  if (bucket === 'day') {
    for (let d = from; d <= range.to; d = addDays(d, 1)) starts.push(d);
  } else {
    for (let d = weekStart(from); d <= range.to; d = addDays(d, 7)) starts.push(d);
  }
  return { bucket, from: bucket === 'day' ? from : weekStart(from), starts };
}

/** Share of the target reached, 0–∞ (null without a positive target). */
export function kpiProgress(total: number, target: number): number | null {
  return target > 0 ? total / target : null;
}

const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code such as USD')
  .transform((c) => c.toUpperCase());

/**
 * A KPI as owners and admins write it. Field rules: a stage KPI names its pipeline and stage;
 * a deal KPI names its currency; a custom period names both dates, in order, at most
 * `KPI_MAX_RANGE_DAYS` apart; `members` null counts everyone.
 */
export const kpiInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the KPI a name')
      .max(80, 'Keep the name under 80 characters'),
    event: z.enum(KPI_EVENTS, { message: 'Choose what the KPI counts' }),
    pipelineUID: z.string().min(1).max(64).nullish(),
    stageUID: z.string().min(1).max(64).nullish(),
    currency: currencySchema.nullish(),
    period: z.enum(KPI_PERIODS, { message: 'Choose a period' }),
    from: localDateSchema.nullish(),
    to: localDateSchema.nullish(),
    target: z
      .number({ message: 'Enter a target number' })
      .finite()
      .min(0, 'The target cannot be negative')
      .max(1e12, 'That target is too large'),
    members: z.array(z.string().min(1).max(128)).max(500).nullish(),
  })
  .strict()
  .superRefine((k, ctx) => {
    if (k.event === 'stage') {
      if (!k.pipelineUID)
        ctx.addIssue({ code: 'custom', path: ['pipelineUID'], message: 'Choose a pipeline' });
      if (!k.stageUID)
        ctx.addIssue({ code: 'custom', path: ['stageUID'], message: 'Choose the stage to count' });
    }
    if (k.event === 'won' && !k.currency)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Choose a currency' });
    if (k.period === 'custom') {
      if (!k.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date' });
      if (!k.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date' });
      if (k.from && k.to && k.to < k.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start' });
      else if (k.from && k.to && daysBetween(k.from, k.to) > KPI_MAX_RANGE_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `Keep the range within ${KPI_MAX_RANGE_DAYS} days`,
        });
    }
    if (k.members && k.members.length === 0)
      ctx.addIssue({ code: 'custom', path: ['members'], message: 'Choose at least one member' });
  });
export type KpiInput = z.infer<typeof kpiInputSchema>;

/** A KPI as the API answers it. */
export interface Kpi {
  kpiUID: string;
  name: string;
  event: KpiEvent;
  pipelineUID: string | null;
  stageUID: string | null;
  currency: string | null;
  period: KpiPeriod;
  from: string | null;
  to: string | null;
  target: number;
  /** null = every member. */
  members: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/** A KPI's numbers for one period (GET …/kpis/:kpiUID/results). */
export interface KpiResults {
  kpi: Kpi;
  range: KpiRange;
  today: string;
  timeZone: string;
  total: number;
  /** Per member: their total against the KPI's target. */
  members: { uid: string; name: string; total: number }[];
  bucket: KpiBucket;
  series: { start: string; total: number }[];
}

/** Stage entries of one pipeline in a range (GET …/kpi-funnel/:pipelineUID). */
export interface KpiFunnel {
  pipelineUID: string;
  range: KpiRange;
  stages: { stageUID: string; name: string; count: number }[];
}
