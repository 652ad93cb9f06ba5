import type { QueueLimits } from './limits';
import {
  FAILURE_PAUSE_MS,
  FAILURES_BEFORE_PAUSE,
  LIMIT_DIALOG_PAUSE_MS,
  afterSend,
  type PauseReason,
  type SenderState,
} from './pacing';

/**
 * What the extension reports after trying one item: each code has its own reaction, so a
 * recipient who cannot be messaged is never retried and a platform warning stops the platform.
 */
export const SEND_RESULT_CODES = [
  /** Sent, and seen in the thread. */
  'sent',
  /** Something passing went wrong (slow page, editor not ready): try again later. */
  'retry',
  /** This recipient cannot be messaged (blocked, no such profile): never retried. */
  'failed',
  /** The platform showed a limit or "temporarily blocked" dialog. */
  'rate-limited',
  /** Not sent on purpose (already in conversation, the user skipped it). */
  'skipped',
  /** The platform asks the user to sign in. */
  'login-required',
  /** The platform shows a security checkpoint. */
  'checkpoint',
] as const;
export type SendResultCode = (typeof SEND_RESULT_CODES)[number];

/** Tries of one item before a passing failure becomes final. */
export const MAX_SEND_ATTEMPTS = 3;
/** The first retry waits this long; each next one twice as long. */
export const RETRY_BASE_MS = 15 * 60_000;

export type ItemOutcome =
  | { status: 'sent' }
  | { status: 'failed' }
  | { status: 'skipped' }
  /** Back in the send queue, not before `notBefore` (null: as soon as pacing allows). */
  | { status: 'approved'; notBefore: number | null; attempt: boolean };

export interface ResultEffect {
  item: ItemOutcome;
  state: SenderState;
}

function pause(state: SenderState, reason: PauseReason, until: number | null): SenderState {
  return { ...state, pauseReason: reason, pausedUntil: until, consecutiveFailures: 0 };
}

/** A failed try still touched the platform: the next one waits at least the shortest gap. */
function spaced(state: SenderState, limits: QueueLimits, now: number): SenderState {
  const at = now + limits.minGapSeconds * 1000;
  return { ...state, nextSendAt: Math.max(state.nextSendAt ?? 0, at), onBreak: false };
}

function failure(state: SenderState, limits: QueueLimits, now: number): SenderState {
  const failures = state.consecutiveFailures + 1;
  if (failures >= FAILURES_BEFORE_PAUSE) return pause(state, 'failures', now + FAILURE_PAUSE_MS);
  return spaced({ ...state, consecutiveFailures: failures }, limits, now);
}

/**
 * The item's next status and the sender's pacing after a result. `attempts` counts the tries
 * before this one.
 */
export function applySendResult(
  code: SendResultCode,
  ctx: {
    state: SenderState;
    limits: QueueLimits;
    now: number;
    attempts: number;
    random: () => number;
  },
): ResultEffect {
  const { state, limits, now, attempts, random } = ctx;
  switch (code) {
    case 'sent':
      return { item: { status: 'sent' }, state: afterSend(state, limits, now, random) };
    case 'skipped':
      return { item: { status: 'skipped' }, state: spaced(state, limits, now) };
    case 'failed':
      return { item: { status: 'failed' }, state: failure(state, limits, now) };
    case 'retry': {
      const tries = attempts + 1;
      const item: ItemOutcome =
        tries >= MAX_SEND_ATTEMPTS
          ? { status: 'failed' }
          : {
              status: 'approved',
              notBefore: now + RETRY_BASE_MS * 2 ** (tries - 1),
              attempt: true,
            };
      return { item, state: failure(state, limits, now) };
    }
    case 'rate-limited':
      return {
        item: { status: 'approved', notBefore: null, attempt: false },
        state: pause(state, 'limit-dialog', now + LIMIT_DIALOG_PAUSE_MS),
      };
    case 'login-required':
    case 'checkpoint':
      return {
        item: { status: 'approved', notBefore: null, attempt: false },
        state: pause(state, code, null),
      };
  }
}

/** The user pauses sending on a platform until they resume. */
export function pauseSending(state: SenderState): SenderState {
  return pause(state, 'manual', null);
}

/** The user resumes: any pause ends, and the failure count starts again. */
export function resumeSending(state: SenderState): SenderState {
  return { ...state, pauseReason: null, pausedUntil: null, consecutiveFailures: 0 };
}

/** Words for the user: why a platform is paused. */
export function pauseMessage(reason: PauseReason, platformName: string): string {
  switch (reason) {
    case 'limit-dialog':
      return `${platformName} showed a limit warning, so sending stopped for 24 hours to protect your account.`;
    case 'failures':
      return `Three messages in a row could not be sent, so sending stopped for an hour.`;
    case 'login-required':
      return `${platformName} asks you to sign in. Sign in there, then resume.`;
    case 'checkpoint':
      return `${platformName} shows a security check. Clear it there, then resume.`;
    case 'manual':
      return 'You paused sending.';
  }
}
