import { z } from 'zod';
import type { QueuePlatform } from '../message-queue';

/**
 * A sender's safety limits for one platform: how many messages their account may send and when.
 * The server leases an item only when these allow it now, and the extension checks the same
 * rules before it acts, so neither a second browser nor a restarted extension can go past them.
 */
export interface QueueLimits {
  /** New conversations (a first message to someone) per local day. */
  dailyNewConversations: number;
  /** Sends of any kind in any 60 minutes. */
  hourlySends: number;
  /** The random wait between two sends, in seconds. */
  minGapSeconds: number;
  maxGapSeconds: number;
  /** After a random number of sends in this range, a break. */
  breakEveryMin: number;
  breakEveryMax: number;
  /** The break's random length, in minutes. */
  breakMinutesMin: number;
  breakMinutesMax: number;
  /** Working hours, local "HH:MM" in the sender's time zone: sends happen in [start, end). */
  workStart: string;
  workEnd: string;
  /** Working days, 0 = Sunday … 6 = Saturday. */
  workDays: number[];
  /** New accounts send at half their caps for their first {@link WARM_UP_DAYS} days. */
  warmUp: boolean;
}

export type QueueLimitField = keyof QueueLimits;

export const WARM_UP_DAYS = 7;

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * Safe defaults from what careful senders use in the field: low daily caps, a few sends an hour,
 * minutes apart, with breaks, in daytime. LinkedIn restricts automation hardest, so it also rests
 * at weekends.
 */
const SAFE_DEFAULTS: QueueLimits = {
  dailyNewConversations: 20,
  hourlySends: 8,
  minGapSeconds: 45,
  maxGapSeconds: 180,
  breakEveryMin: 5,
  breakEveryMax: 8,
  breakMinutesMin: 10,
  breakMinutesMax: 20,
  workStart: '08:00',
  workEnd: '20:00',
  workDays: EVERY_DAY,
  warmUp: true,
};

export const DEFAULT_QUEUE_LIMITS: Readonly<Record<QueuePlatform, QueueLimits>> = {
  facebook: SAFE_DEFAULTS,
  instagram: SAFE_DEFAULTS,
  linkedin: { ...SAFE_DEFAULTS, workDays: WEEKDAYS },
};

/** Limits no setting may pass, whatever the user enters: past these accounts get restricted. */
export const QUEUE_LIMIT_CEILINGS = {
  dailyNewConversations: 50,
  hourlySends: 20,
  /** The shortest wait between two sends. */
  minGapSeconds: 30,
  maxGapSeconds: 3600,
  breakEveryMax: 50,
  breakMinutesMax: 240,
} as const;

/** Why each default is what it is, shown beside the setting. */
export const QUEUE_LIMIT_REASONS: Readonly<Record<QueueLimitField, string>> = {
  dailyNewConversations:
    'About 20 first messages a day is what careful senders keep to; more is the pattern platforms restrict.',
  hourlySends:
    'A person rarely starts more than a handful of chats an hour; bursts get accounts flagged.',
  minGapSeconds:
    'A random wait of a minute or more between messages, like someone typing each one.',
  maxGapSeconds: 'The wait is drawn anew each time, so the rhythm never looks machine-made.',
  breakEveryMin: 'After a few messages the sender takes a break, as people do.',
  breakEveryMax: 'The number of messages before each break is drawn anew each time.',
  breakMinutesMin: 'Breaks last long enough to look like stepping away.',
  breakMinutesMax: 'The length of each break is drawn anew each time.',
  workStart: 'Messages go out in daytime in your time zone only.',
  workEnd: 'Nothing is sent in the evening or at night.',
  workDays:
    'The days the queue sends on. LinkedIn rests at weekends by default: it is the strictest about automation.',
  warmUp: `A new account sends at half its caps for its first ${WARM_UP_DAYS} days.`,
};

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const whole = (min: number, max: number) =>
  z.number().int('Use a whole number').min(min, `At least ${min}`).max(max, `At most ${max}`);

/** The limits a user may save: every number inside its ceiling, every range the right way round. */
export const queueLimitsSchema = z
  .object({
    dailyNewConversations: whole(1, QUEUE_LIMIT_CEILINGS.dailyNewConversations),
    hourlySends: whole(1, QUEUE_LIMIT_CEILINGS.hourlySends),
    minGapSeconds: whole(QUEUE_LIMIT_CEILINGS.minGapSeconds, QUEUE_LIMIT_CEILINGS.maxGapSeconds),
    maxGapSeconds: whole(QUEUE_LIMIT_CEILINGS.minGapSeconds, QUEUE_LIMIT_CEILINGS.maxGapSeconds),
    breakEveryMin: whole(1, QUEUE_LIMIT_CEILINGS.breakEveryMax),
    breakEveryMax: whole(1, QUEUE_LIMIT_CEILINGS.breakEveryMax),
    breakMinutesMin: whole(1, QUEUE_LIMIT_CEILINGS.breakMinutesMax),
    breakMinutesMax: whole(1, QUEUE_LIMIT_CEILINGS.breakMinutesMax),
    workStart: z.string().regex(LOCAL_TIME, 'Use a time like 08:00'),
    workEnd: z.string().regex(LOCAL_TIME, 'Use a time like 20:00'),
    workDays: z
      .array(whole(0, 6))
      .min(1, 'Choose at least one working day')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    warmUp: z.boolean(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const pairs: [QueueLimitField, QueueLimitField, string][] = [
      ['minGapSeconds', 'maxGapSeconds', 'The longest wait must not be shorter than the shortest'],
      [
        'breakEveryMin',
        'breakEveryMax',
        'The range of messages between breaks is the wrong way round',
      ],
      [
        'breakMinutesMin',
        'breakMinutesMax',
        'The longest break must not be shorter than the shortest',
      ],
    ];
    for (const [low, high, message] of pairs) {
      if ((v[low] as number) > (v[high] as number))
        ctx.addIssue({ code: 'custom', path: [high], message });
    }
    if (minutesOf(v.workEnd) - minutesOf(v.workStart) < 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['workEnd'],
        message: 'Working hours must end at least an hour after they start, on the same day',
      });
    }
  });

/** The caps in force at an instant: halved (rounded up) in an account's warm-up days. */
export function effectiveCaps(
  limits: Pick<QueueLimits, 'dailyNewConversations' | 'hourlySends' | 'warmUp'>,
  accountStartedAt: number,
  now: number,
): { daily: number; hourly: number; warmingUp: boolean } {
  const warmingUp = limits.warmUp && now - accountStartedAt < WARM_UP_DAYS * 86_400_000;
  const half = (n: number) => Math.max(1, Math.ceil(n / 2));
  return {
    daily: warmingUp ? half(limits.dailyNewConversations) : limits.dailyNewConversations,
    hourly: warmingUp ? half(limits.hourlySends) : limits.hourlySends,
    warmingUp,
  };
}

export { minutesOf as localTimeMinutes };
