import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedParts } from '../tasks';
import { DEFAULT_QUEUE_LIMITS, effectiveCaps, queueLimitsSchema, type QueueLimits } from './limits';
import {
  afterManualSend,
  afterSend,
  initialSenderState,
  isInWorkWindow,
  nextSendTime,
  type SenderState,
  type SentMessage,
} from './pacing';

const HOUR = 3_600_000;
const fb = DEFAULT_QUEUE_LIMITS.facebook;
const at = (date: string, time: string, zone: string) => zonedInstant(date, time, zone);
const fixed = (v: number) => () => v;

function state(over: Partial<SenderState> = {}): SenderState {
  return { ...initialSenderState(fb, 0, fixed(0)), accountStartedAt: 0, ...over };
}

describe('nextSendTime', () => {
  const zone = 'Europe/Berlin';
  const noon = at('2026-11-25', '12:00', zone);

  it('lets a fresh sender send at once inside working hours', () => {
    expect(
      nextSendTime({
        now: noon,
        limits: fb,
        timeZone: zone,
        state: state(),
        recent: [],
        newConversation: true,
      }),
    ).toEqual({ ok: true });
  });

  it('holds a send before working hours until they start, in the sender’s zone', () => {
    const early = at('2026-11-25', '06:30', zone);
    expect(
      nextSendTime({
        now: early,
        limits: fb,
        timeZone: zone,
        state: state(),
        recent: [],
        newConversation: true,
      }),
    ).toEqual({ ok: false, reason: 'outside-hours', until: at('2026-11-25', '08:00', zone) });
  });

  it('after 20:00 waits for the next working day (LinkedIn skips the weekend)', () => {
    const fridayEvening = at('2026-11-27', '20:00', zone);
    const decision = nextSendTime({
      now: fridayEvening,
      limits: DEFAULT_QUEUE_LIMITS.linkedin,
      timeZone: zone,
      state: state(),
      recent: [],
      newConversation: true,
    });
    expect(decision).toEqual({
      ok: false,
      reason: 'outside-hours',
      until: at('2026-11-30', '08:00', zone),
    });
  });

  it('holds new conversations at the daily cap until the next day’s working hours, but not follow-ups', () => {
    const recent: SentMessage[] = Array.from({ length: 20 }, (_, k) => ({
      at: at('2026-11-25', '08:00', zone) + k * 20 * 60_000,
      newConversation: true,
    }));
    const evening = at('2026-11-25', '19:00', zone);
    const input = { now: evening, limits: fb, timeZone: zone, state: state(), recent };
    expect(nextSendTime({ ...input, newConversation: true })).toEqual({
      ok: false,
      reason: 'outside-hours',
      until: at('2026-11-26', '08:00', zone),
    });
    // A follow-up is held only by the hourly cap (none of these is in the last hour).
    expect(nextSendTime({ ...input, newConversation: false })).toEqual({ ok: true });
  });

  it('holds at the hourly cap until the oldest send of the hour ages out', () => {
    const limits: QueueLimits = { ...fb, hourlySends: 4 };
    const recent = [0, 10, 20, 30].map((m) => ({
      at: noon - 40 * 60_000 + m * 60_000,
      newConversation: true,
    }));
    expect(
      nextSendTime({
        now: noon,
        limits,
        timeZone: zone,
        state: state(),
        recent,
        newConversation: true,
      }),
    ).toEqual({ ok: false, reason: 'hourly-cap', until: noon - 40 * 60_000 + HOUR });
  });

  it('keeps the gap or break after the last send, and names which', () => {
    const s = state({ nextSendAt: noon + 90_000 });
    expect(
      nextSendTime({
        now: noon,
        limits: fb,
        timeZone: zone,
        state: s,
        recent: [],
        newConversation: true,
      }),
    ).toEqual({ ok: false, reason: 'spacing', until: noon + 90_000 });
    expect(
      nextSendTime({
        now: noon,
        limits: fb,
        timeZone: zone,
        state: { ...s, onBreak: true },
        recent: [],
        newConversation: true,
      }),
    ).toMatchObject({ reason: 'break' });
  });

  it('a pause until resumed has no time; a timed pause ends by itself', () => {
    const base = { now: noon, limits: fb, timeZone: zone, recent: [], newConversation: true };
    expect(
      nextSendTime({ ...base, state: state({ pauseReason: 'checkpoint', pausedUntil: null }) }),
    ).toEqual({
      ok: false,
      reason: 'paused',
      until: null,
    });
    expect(
      nextSendTime({
        ...base,
        state: state({ pauseReason: 'limit-dialog', pausedUntil: noon + HOUR }),
      }),
    ).toEqual({ ok: false, reason: 'paused', until: noon + HOUR });
    expect(
      nextSendTime({
        ...base,
        state: state({ pauseReason: 'limit-dialog', pausedUntil: noon - 1 }),
      }),
    ).toEqual({ ok: true });
  });

  it('on the night clocks spring forward, working hours are still local wall time', () => {
    // Berlin 2027-03-28: 02:00 → 03:00. A window 08:00–20:00 that day is 11 h of UTC long.
    const night = at('2027-03-28', '01:00', zone);
    const d = nextSendTime({
      now: night,
      limits: fb,
      timeZone: zone,
      state: state(),
      recent: [],
      newConversation: true,
    });
    expect(d.ok).toBe(false);
    if (!d.ok) expect(zonedParts(d.until!, zone)).toEqual({ date: '2027-03-28', time: '08:00' });
  });
});

describe('warm-up', () => {
  it('halves both caps, rounded up, in an account’s first week, and only when on', () => {
    expect(effectiveCaps(fb, 0, 6 * 24 * HOUR)).toEqual({ daily: 10, hourly: 4, warmingUp: true });
    expect(effectiveCaps(fb, 0, 7 * 24 * HOUR)).toEqual({ daily: 20, hourly: 8, warmingUp: false });
    expect(effectiveCaps({ ...fb, warmUp: false }, 0, 0)).toEqual({
      daily: 20,
      hourly: 8,
      warmingUp: false,
    });
    expect(effectiveCaps({ ...fb, dailyNewConversations: 5, hourlySends: 1 }, 0, 0)).toMatchObject({
      daily: 3,
      hourly: 1,
    });
  });
});

describe('afterSend', () => {
  it('waits a gap in the limits’ range, and a break after the drawn number of sends', () => {
    const limits: QueueLimits = { ...fb, breakEveryMin: 2, breakEveryMax: 2 };
    let s = initialSenderState(limits, 0, fixed(0));
    s = afterSend(s, limits, 1000, fixed(0));
    expect(s).toMatchObject({ nextSendAt: 1000 + 45_000, sendsSinceBreak: 1, onBreak: false });
    s = afterSend(s, limits, 100_000, fixed(0.999));
    expect(s).toMatchObject({
      nextSendAt: 100_000 + 20 * 60_000,
      sendsSinceBreak: 0,
      onBreak: true,
    });
  });
});

// ---- properties ----

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'Asia/Tehran',
];

/** Starts spread over two years, and some in the days around a change of clocks. */
const START = fc.oneof(
  fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
  fc.constantFrom(
    Date.UTC(2027, 2, 27, 12), // Europe springs forward on the 28th
    Date.UTC(2027, 9, 30, 12), // and falls back on the 31st
    Date.UTC(2027, 2, 13, 12), // the US on the 14th
    Date.UTC(2027, 10, 6, 12), // and 7 November
    Date.UTC(2027, 3, 3, 12), // Sydney and Chatham on 4 April
    Date.UTC(2027, 8, 25, 12), // and 26 September
  ),
);

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const LIMITS: fc.Arbitrary<QueueLimits> = fc
  .record({
    dailyNewConversations: fc.integer({ min: 1, max: 50 }),
    hourlySends: fc.integer({ min: 1, max: 20 }),
    minGapSeconds: fc.integer({ min: 30, max: 600 }),
    gapSpread: fc.integer({ min: 0, max: 600 }),
    breakEveryMin: fc.integer({ min: 1, max: 10 }),
    breakSpread: fc.integer({ min: 0, max: 5 }),
    breakMinutesMin: fc.integer({ min: 1, max: 60 }),
    breakMinutesSpread: fc.integer({ min: 0, max: 60 }),
    // Windows that include the hours clocks change in (01:00–04:00), and whole days.
    start: fc.integer({ min: 0, max: 20 * 60 }),
    length: fc.integer({ min: 60, max: 24 * 60 }),
    workDays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    warmUp: fc.boolean(),
  })
  .map((r) => ({
    dailyNewConversations: r.dailyNewConversations,
    hourlySends: r.hourlySends,
    minGapSeconds: r.minGapSeconds,
    maxGapSeconds: r.minGapSeconds + r.gapSpread,
    breakEveryMin: r.breakEveryMin,
    breakEveryMax: r.breakEveryMin + r.breakSpread,
    breakMinutesMin: r.breakMinutesMin,
    breakMinutesMax: r.breakMinutesMin + r.breakMinutesSpread,
    workStart: hhmm(r.start),
    workEnd: hhmm(Math.min(r.start + r.length, 23 * 60 + 59)),
    workDays: [...r.workDays].sort(),
    warmUp: r.warmUp,
  }))
  .filter((l) => queueLimitsSchema.safeParse(l).success);

interface Step {
  /** Whether the next message is a first one to its recipient. */
  newConversation: boolean;
  /** A message the user sends by hand just before this step, minutes after the last moment. */
  manualAfterMinutes: number | null;
  random: number;
}

const STEPS = fc.array(
  fc.record({
    newConversation: fc.boolean(),
    manualAfterMinutes: fc.option(fc.integer({ min: 0, max: 600 }), { freq: 6 }),
    random: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  }),
  { minLength: 1, maxLength: 80 },
);

/** Runs the queue as the server does: send whenever the rules allow, else wait until they do. */
function simulate(
  limits: QueueLimits,
  zone: string,
  start: number,
  accountAge: number,
  steps: Step[],
) {
  let now = start;
  let s: SenderState = {
    ...initialSenderState(limits, start, () => 0.5),
    accountStartedAt: start - accountAge,
  };
  const all: SentMessage[] = [];
  const queued: (SentMessage & { state: SenderState; seen: SentMessage[] })[] = [];
  for (const step of steps) {
    if (step.manualAfterMinutes !== null) {
      now += step.manualAfterMinutes * 60_000;
      all.push({ at: now, newConversation: step.newConversation });
    }
    const input = {
      limits,
      timeZone: zone,
      state: s,
      recent: all,
      newConversation: step.newConversation,
    };
    let decision = nextSendTime({ ...input, now });
    if (!decision.ok) {
      now = decision.until!;
      decision = nextSendTime({ ...input, now });
    }
    // Whatever the rules decided once, asking again at the moment they named must agree.
    expect(decision).toEqual({ ok: true });
    const sent = { at: now, newConversation: step.newConversation };
    all.push(sent);
    // What had been sent when this one went out (a manual send may follow at the same moment).
    queued.push({ ...sent, state: s, seen: [...all] });
    s = afterSend(s, limits, now, () => step.random);
  }
  return { all, queued };
}

describe('no schedule breaks a limit (property)', () => {
  it('every queued send is inside working hours and days, under both caps, and spaced', () => {
    fc.assert(
      fc.property(
        LIMITS,
        fc.constantFrom(...ZONES),
        START,
        fc.integer({ min: 0, max: 14 * 24 * HOUR }),
        STEPS,
        (limits, zone, start, accountAge, steps) => {
          const { queued } = simulate(limits, zone, start, accountAge, steps);
          let previous: number | null = null;
          for (const send of queued) {
            // Working hours, read independently of the code under test.
            const { time } = zonedParts(send.at, zone);
            expect(time >= limits.workStart && time < limits.workEnd).toBe(true);
            expect(isInWorkWindow(send.at, limits, zone)).toBe(true);
            const caps = effectiveCaps(limits, send.state.accountStartedAt, send.at);
            const inHour = send.seen.filter((m) => m.at > send.at - HOUR && m.at <= send.at);
            // Messages sent by hand count too: past a cap by hand, the queue sends nothing more.
            expect(inHour.length).toBeLessThanOrEqual(caps.hourly);
            if (send.newConversation) {
              const day = zonedParts(send.at, zone).date;
              const sameDay = send.seen.filter(
                (m) => m.newConversation && m.at <= send.at && zonedParts(m.at, zone).date === day,
              );
              expect(sameDay.length).toBeLessThanOrEqual(caps.daily);
            }
            if (previous !== null)
              expect(send.at - previous).toBeGreaterThanOrEqual(limits.minGapSeconds * 1000);
            previous = send.at;
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('afterManualSend', () => {
  const limits = { ...DEFAULT_QUEUE_LIMITS.facebook, minGapSeconds: 60 };
  const now = Date.UTC(2026, 10, 28, 12);
  const base = initialSenderState(limits, now - 86_400_000, () => 0.5);

  it('keeps the shortest gap after a message sent by hand', () => {
    const state = afterManualSend({ ...base, nextSendAt: now - 1000 }, limits, now);
    expect(state.nextSendAt).toBe(now + 60_000);
    expect(state.onBreak).toBe(false);
  });

  it('lets a longer break run on, and ends one the gap outlasts', () => {
    const longBreak = { ...base, onBreak: true, nextSendAt: now + 15 * 60_000 };
    expect(afterManualSend(longBreak, limits, now)).toMatchObject({
      nextSendAt: now + 15 * 60_000,
      onBreak: true,
    });
    const endingBreak = { ...base, onBreak: true, nextSendAt: now + 10_000 };
    expect(afterManualSend(endingBreak, limits, now)).toMatchObject({
      nextSendAt: now + 60_000,
      onBreak: false,
    });
  });
});
