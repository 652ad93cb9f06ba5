import { z } from 'zod';

/**
 * Tasks (SPEC §3 Task: repeatData, taskName, actualDueDate, status; issue 8). A task is due on a
 * day, optionally at a time, in its assignee's time zone (IANA, from the profile). The day and
 * time are what the person chose; `actualDueDate` is the instant they name in that zone. "Today",
 * "overdue" and repeats are worked out on the local calendar, so a task due at 23:30 stays due at
 * 23:30 across a daylight-saving change and shows under the right day.
 */

export const TASK_STATUSES = ['open', 'done', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** 0 = Sunday … 6 = Saturday (as `Date.getUTCDay`). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Longest gap of an "every N days" repeat. */
export const TASK_REPEAT_MAX_INTERVAL = 365;

export const repeatDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }).strict(),
  z
    .object({
      kind: z.literal('weekly'),
      days: z
        .array(z.number().int().min(0).max(6))
        .min(1, 'Pick at least one day of the week.')
        .max(7),
    })
    .strict(),
  /** On the due date's day of the month (the 31st falls on the month's last day). */
  z.object({ kind: z.literal('monthly') }).strict(),
  z
    .object({
      kind: z.literal('interval'),
      days: z
        .number()
        .int()
        .min(1, 'Repeat every 1 day or more.')
        .max(TASK_REPEAT_MAX_INTERVAL, `Repeat at most every ${TASK_REPEAT_MAX_INTERVAL} days.`),
    })
    .strict(),
]);
export type RepeatData = z.infer<typeof repeatDataSchema>;

const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const localDateSchema = z
  .string()
  .regex(LOCAL_DATE, 'Enter a date as YYYY-MM-DD')
  .refine((d) => fromLocalDate(d) !== null, 'That date does not exist');
export const localTimeSchema = z.string().regex(LOCAL_TIME, 'Enter a time as HH:MM (24-hour)');

/**
 * An IANA zone name such as "Europe/Berlin" or "UTC" that this runtime knows. Offsets
 * ("+01:00") are refused: a zone keeps daylight-saving rules, an offset does not.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone of a person who has not chosen one (the web app sets it from the browser). */
export const DEFAULT_TIME_ZONE = 'UTC';
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone');

// ---- calendar arithmetic on local dates (YYYY-MM-DD), zone-free ----

/** Days since 1970-01-01 for a local date; null when it is not a real date. */
function fromLocalDate(date: string): number | null {
  if (!LOCAL_DATE.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    return null;
  }
  return ms / 86_400_000;
}

function toLocalDate(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const n = fromLocalDate(date);
  if (n === null) throw new RangeError(`Not a date: ${date}`);
  return toLocalDate(n + days);
}

/** Day of the week of a local date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  const n = fromLocalDate(date);
  if (n === null) throw new RangeError(`Not a date: ${date}`);
  return (((n + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** The same day of the month `months` later, clamped to that month's last day. */
function addMonthsClamped(date: string, months: number, dayOfMonth: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toLocalDate(Date.UTC(year, month, Math.min(dayOfMonth, last)) / 86_400_000);
}

// ---- zones ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The local date and time an instant shows in a zone. */
export function zonedParts(instantMs: number, zone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: +120). */
function offsetMinutes(instantMs: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/**
 * The instant a local date and time name in a zone. A time skipped by a spring-forward change
 * (02:30 on the night clocks jump 02:00 → 03:00) moves forward by the gap, as calendars do; a
 * time that happens twice in autumn is its first occurrence.
 */
export function zonedInstant(date: string, time: string, zone: string): number {
  const day = fromLocalDate(date);
  if (day === null || !LOCAL_TIME.test(time))
    throw new RangeError(`Not a date/time: ${date} ${time}`);
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wall = day * 86_400_000 + (h * 60 + min) * 60_000;
  // Offsets a few hours either side cover every zone's change; try the earlier one first.
  const before = offsetMinutes(wall - 12 * 3_600_000, zone);
  const after = offsetMinutes(wall + 12 * 3_600_000, zone);
  for (const off of [before, after]) {
    const guess = wall - off * 60_000;
    if (offsetMinutes(guess, zone) === off) return guess;
  }
  // Skipped time (spring forward): the wall time read with the offset before the change.
  return wall - before * 60_000;
}

// ---- the rules ----

export type TaskBucket = 'overdue' | 'today' | 'upcoming';

/**
 * Where an open task shows for its assignee: before today's local date is overdue, on it is
 * today (even when its time has passed: the today view marks it late), after it upcoming.
 */
export function taskBucket(dueDate: string, nowMs: number, zone: string): TaskBucket {
  const today = zonedParts(nowMs, zone).date;
  return dueDate < today ? 'overdue' : dueDate === today ? 'today' : 'upcoming';
}

/** The local date of "today" for a person in a zone. */
export function localToday(nowMs: number, zone: string): string {
  return zonedParts(nowMs, zone).date;
}

/**
 * The next due date of a repeating task completed (or skipped) on `completedOn` (local date):
 * the first occurrence after the due date that is not before the completion day. A daily task
 * done on time comes back tomorrow; one done three days late comes back today.
 */
export function nextDueDate(repeat: RepeatData, dueDate: string, completedOn: string): string {
  const earliest = completedOn > dueDate ? completedOn : addDays(dueDate, 1);
  switch (repeat.kind) {
    case 'daily':
      return earliest;
    case 'interval': {
      const start = fromLocalDate(dueDate)!;
      const from = fromLocalDate(earliest)!;
      const steps = Math.max(1, Math.ceil((from - start) / repeat.days));
      return toLocalDate(start + steps * repeat.days);
    }
    case 'weekly': {
      for (let k = 0; k < 7; k++) {
        const d = addDays(earliest, k);
        if (repeat.days.includes(weekdayOf(d))) return d;
      }
      throw new RangeError('weekly repeat without days');
    }
    case 'monthly': {
      const dom = Number(dueDate.slice(8, 10));
      for (let k = 1; ; k++) {
        const d = addMonthsClamped(dueDate, k, dom);
        if (d >= earliest) return d;
      }
    }
  }
}

/** "Every day", "Every Mon, Wed", "Every month on the 31st (or the last day)", "Every 3 days". */
export function describeRepeat(repeat: RepeatData, dueDate?: string): string {
  switch (repeat.kind) {
    case 'daily':
      return 'Every day';
    case 'interval':
      return repeat.days === 1 ? 'Every day' : `Every ${repeat.days} days`;
    case 'weekly':
      return repeat.days.length === 7
        ? 'Every day'
        : `Every ${[...repeat.days]
            .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
            .map((d) => WEEKDAYS[d])
            .join(', ')}`;
    case 'monthly': {
      if (!dueDate) return 'Every month';
      const dom = Number(dueDate.slice(8, 10));
      return `Every month on the ${ordinal(dom)}${dom > 28 ? ' (or the last day)' : ''}`;
    }
  }
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}

// ---- the task a person writes ----

/** Longest task name and notes. */
export const TASK_NAME_MAX = 200;
export const TASK_NOTES_MAX = 5_000;

const ref = z.string().trim().min(1).max(200);

export const taskCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name the task.')
      .max(TASK_NAME_MAX, `Keep the name under ${TASK_NAME_MAX} characters.`),
    notes: z.string().max(TASK_NOTES_MAX).optional(),
    /** The contact it is about; absent = a free-standing task. */
    GTID: ref.nullable().optional(),
    /** The day it is due, in the assignee's zone. */
    dueDate: localDateSchema,
    /** The time that day (HH:MM); absent = any time that day. */
    dueTime: localTimeSchema.nullable().optional(),
    /** A team member; absent = the person creating it. */
    assigneeUID: ref.optional(),
    repeat: repeatDataSchema.nullable().optional(),
  })
  .strict();
export type TaskCreate = z.infer<typeof taskCreateSchema>;

export const taskPatchSchema = z
  .object({
    name: taskCreateSchema.shape.name.optional(),
    notes: z.string().max(TASK_NOTES_MAX).optional(),
    dueDate: localDateSchema.optional(),
    dueTime: localTimeSchema.nullable().optional(),
    assigneeUID: ref.optional(),
    repeat: repeatDataSchema.nullable().optional(),
    /** done / skipped completes it (a repeating task then gets its next one); open reopens. */
    status: z.enum(TASK_STATUSES).optional(),
  })
  .strict()
  .refine(
    (p) => Object.values(p).some((v) => v !== undefined),
    'Send at least one field to change.',
  );
export type TaskPatch = z.infer<typeof taskPatchSchema>;

export const TASK_VIEWS = ['today', 'overdue', 'upcoming', 'done'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

// ---- task templates (SPEC §3: task templates have categories and types) ----

/** Latest due offset a template may set. */
export const TASK_TEMPLATE_MAX_OFFSET = 365;

/** Who gets a template's task: the person applying it, or a named member. */
export const taskAssigneeRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('applier') }).strict(),
  z.object({ kind: z.literal('member'), uid: ref }).strict(),
]);
export type TaskAssigneeRule = z.infer<typeof taskAssigneeRuleSchema>;

export const taskTemplateSchema = z
  .object({
    name: taskCreateSchema.shape.name,
    notes: z.string().max(TASK_NOTES_MAX).default(''),
    category: z.string().trim().max(60).default(''),
    type: z.string().trim().max(60).default(''),
    /** Days after the day it is applied (in the assignee's zone): 0 = that day. */
    dueInDays: z
      .number()
      .int()
      .min(0, 'Due 0 or more days after it is applied.')
      .max(TASK_TEMPLATE_MAX_OFFSET, `Due at most ${TASK_TEMPLATE_MAX_OFFSET} days later.`),
    dueTime: localTimeSchema.nullable().default(null),
    repeat: repeatDataSchema.nullable().default(null),
    assignee: taskAssigneeRuleSchema.default({ kind: 'applier' }),
  })
  .strict();
export type TaskTemplateInput = z.input<typeof taskTemplateSchema>;
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;

/** Most contacts one "apply template" request takes (more go through a bulk job). */
export const TASK_TEMPLATE_APPLY_MAX = 1_000;

/** A task as the API answers it (server and web app share the shape). */
export interface Task {
  taskUID: string;
  GTID: string | null;
  /** The contact's name, for lists (null for a free-standing task). */
  contactName: string | null;
  name: string;
  notes: string;
  assigneeUID: string;
  /** The day it is due (YYYY-MM-DD) in `timeZone`. */
  dueDate: string;
  dueTime: string | null;
  /** The assignee's zone the instant was computed in. */
  timeZone: string;
  /** The instant `dueDate` + `dueTime` name in `timeZone` (ISO). */
  actualDueDate: string;
  status: TaskStatus;
  repeat: RepeatData | null;
  createdBy: string;
  createdAt: string;
  completedAt: string | null;
  completedBy: string | null;
}
