import { addDays, weekdayOf, zonedInstant, zonedParts } from '../tasks';
import { effectiveCaps, localTimeMinutes, type QueueLimits } from './limits';

/**
 * Pacing: when a sender's next message may go out on one platform. Pure: the server calls it when
 * leasing (it is the authority) and the extension before acting, with the same inputs.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Why sending on a platform stopped until a time or until the user resumes. */
export type PauseReason =
  /** The platform showed a limit or "temporarily blocked" dialog: 24 hours. */
  | 'limit-dialog'
  /** Three failures in a row: an hour. */
  | 'failures'
  /** A login wall: until the user has signed in again and resumes. */
  | 'login-required'
  /** A security checkpoint: until the user has cleared it and resumes. */
  | 'checkpoint'
  /** The user paused it. */
  | 'manual';

export const LIMIT_DIALOG_PAUSE_MS = 24 * HOUR;
export const FAILURE_PAUSE_MS = HOUR;
export const FAILURES_BEFORE_PAUSE = 3;

/** What the pacing remembers between sends, per sender and platform. */
export interface SenderState {
  /** Earliest moment of the next send (the gap or break after the last one); null: none yet. */
  nextSendAt: number | null;
  sendsSinceBreak: number;
  /** The wait before `nextSendAt` is a break (not the ordinary gap). */
  onBreak: boolean;
  /** Sends before the next break (drawn in the limits' range). */
  breakAfter: number;
  /** Paused until this moment; null with a reason: until the user resumes. */
  pausedUntil: number | null;
  pauseReason: PauseReason | null;
  consecutiveFailures: number;
  /** When this account started sending through Leadloom (its warm-up runs from here). */
  accountStartedAt: number;
}

/** One message the account sent (by the queue, or by hand when the extension saw it). */
export interface SentMessage {
  at: number;
  /** A first message to this person on this platform. */
  newConversation: boolean;
}

export interface PacingInput {
  now: number;
  limits: QueueLimits;
  /** The sender's IANA time zone: working hours and the daily cap's day are in it. */
  timeZone: string;
  state: SenderState;
  /** The account's sends of the last two days at least (more is harmless). */
  recent: readonly SentMessage[];
  /** Whether the message to send now would be a new conversation (follow-ups skip the daily cap). */
  newConversation: boolean;
}

/** Why a send must wait. */
export const WAIT_REASONS = [
  'paused',
  'outside-hours',
  'daily-cap',
  'hourly-cap',
  'spacing',
  'break',
] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

export type SendDecision =
  | { ok: true }
  /** `until`: the earliest moment all limits allow a send; null: paused until resumed. */
  | { ok: false; reason: WaitReason; until: number | null };

export function isPaused(state: SenderState, now: number): boolean {
  return state.pauseReason !== null && (state.pausedUntil === null || now < state.pausedUntil);
}

/** The start of the working window that contains `t`, or of the next one; t itself when inside. */
function workWindowFrom(t: number, limits: QueueLimits, zone: string): number {
  const start = localTimeMinutes(limits.workStart);
  const end = localTimeMinutes(limits.workEnd);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const today = zonedParts(t, zone).date;
  // Eight days reach the next working day whatever the week's pattern.
  for (let k = 0; k <= 8; k++) {
    const day = addDays(today, k);
    if (!limits.workDays.includes(weekdayOf(day))) continue;
    const from = zonedInstant(day, hhmm(start), zone);
    const to = zonedInstant(day, hhmm(end), zone);
    if (t < to) {
      const at = Math.max(t, from);
      // A window shortened by a clock change can start at its own end: try the next day.
      if (at < to && isInWorkWindow(at, limits, zone)) return at;
    }
  }
  throw new RangeError('No working window in the next 8 days');
}

/** Whether an instant is inside the working hours and days, read in the zone. */
export function isInWorkWindow(t: number, limits: QueueLimits, zone: string): boolean {
  const { date, time } = zonedParts(t, zone);
  if (!limits.workDays.includes(weekdayOf(date))) return false;
  const m = localTimeMinutes(time);
  return m >= localTimeMinutes(limits.workStart) && m < localTimeMinutes(limits.workEnd);
}

/** The first moment after `t` of the next local day. */
function nextLocalMidnight(t: number, zone: string): number {
  return zonedInstant(addDays(zonedParts(t, zone).date, 1), '00:00', zone);
}

/**
 * The earliest moment at or after `now` when every limit allows one more send, and the limit that
 * held it back longest. Each rule moves the candidate forward until none objects; every rule only
 * ever moves it forward, so this settles in a few rounds.
 */
export function nextSendTime(input: PacingInput): SendDecision {
  const { now, limits, timeZone: zone, state } = input;
  const paused = isPaused(state, now);
  if (paused && state.pausedUntil === null) return { ok: false, reason: 'paused', until: null };
  let t = now;
  let reason: WaitReason | null = null;
  const bump = (to: number, why: WaitReason) => {
    if (to > t) {
      t = to;
      reason = why;
      return true;
    }
    return false;
  };
  if (paused && state.pausedUntil !== null) bump(state.pausedUntil, 'paused');
  const sends = [...input.recent].sort((a, b) => a.at - b.at);
  for (let round = 0; round < 64; round++) {
    let moved = false;
    if (state.nextSendAt !== null) {
      moved = bump(state.nextSendAt, state.onBreak ? 'break' : 'spacing') || moved;
    }
    moved = bump(workWindowFrom(t, limits, zone), 'outside-hours') || moved;
    const caps = effectiveCaps(limits, state.accountStartedAt, t);
    if (input.newConversation) {
      const day = zonedParts(t, zone).date;
      const today = sends.filter((s) => s.newConversation && zonedParts(s.at, zone).date === day);
      if (today.length >= caps.daily)
        moved = bump(nextLocalMidnight(t, zone), 'daily-cap') || moved;
    }
    const inHour = sends.filter((s) => s.at > t - HOUR && s.at <= t);
    if (inHour.length >= caps.hourly) {
      // Wait until enough of the hour's sends have aged out for one more.
      const oldest = inHour[inHour.length - caps.hourly]!;
      moved = bump(oldest.at + HOUR, 'hourly-cap') || moved;
    }
    if (!moved) break;
  }
  return t <= now ? { ok: true } : { ok: false, reason: reason ?? 'spacing', until: t };
}

/** A draw in [min, max] from a [0, 1) source. */
function draw(min: number, max: number, random: () => number): number {
  const r = Math.min(Math.max(random(), 0), 0.999_999);
  return min + Math.floor(r * (max - min + 1));
}

export function initialSenderState(
  limits: QueueLimits,
  now: number,
  random: () => number,
): SenderState {
  return {
    nextSendAt: null,
    sendsSinceBreak: 0,
    onBreak: false,
    breakAfter: draw(limits.breakEveryMin, limits.breakEveryMax, random),
    pausedUntil: null,
    pauseReason: null,
    consecutiveFailures: 0,
    accountStartedAt: now,
  };
}

/**
 * The pacing after the user changed their limits: a number of sends before the next break drawn
 * from the old range is drawn again from the new one.
 */
export function withLimits(
  state: SenderState,
  limits: QueueLimits,
  random: () => number,
): SenderState {
  const breakAfter =
    state.breakAfter < limits.breakEveryMin || state.breakAfter > limits.breakEveryMax
      ? draw(limits.breakEveryMin, limits.breakEveryMax, random)
      : state.breakAfter;
  return { ...state, breakAfter };
}

/**
 * What a sent message does to the pacing: the next send waits a random gap, or a random break
 * when this was the last send before one.
 */
export function afterSend(
  state: SenderState,
  limits: QueueLimits,
  now: number,
  random: () => number,
): SenderState {
  const sends = state.sendsSinceBreak + 1;
  const gapMs = draw(limits.minGapSeconds, limits.maxGapSeconds, random) * 1000;
  if (sends >= state.breakAfter) {
    const breakMs = draw(limits.breakMinutesMin, limits.breakMinutesMax, random) * MINUTE;
    return {
      ...state,
      nextSendAt: now + Math.max(breakMs, gapMs),
      sendsSinceBreak: 0,
      onBreak: true,
      breakAfter: draw(limits.breakEveryMin, limits.breakEveryMax, random),
      consecutiveFailures: 0,
    };
  }
  return {
    ...state,
    nextSendAt: now + gapMs,
    sendsSinceBreak: sends,
    onBreak: false,
    consecutiveFailures: 0,
  };
}

/**
 * A message the person sent by hand (the extension saw it): the queue keeps at least its
 * shortest gap after it, and a break still running keeps running only if it ends later.
 */
export function afterManualSend(state: SenderState, limits: QueueLimits, now: number): SenderState {
  const earliest = now + limits.minGapSeconds * 1000;
  return {
    ...state,
    nextSendAt: Math.max(state.nextSendAt ?? 0, earliest),
    onBreak: state.onBreak && (state.nextSendAt ?? 0) > earliest,
  };
}
