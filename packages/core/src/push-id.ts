/**
 * Push ids (SPEC §5): 8 characters of time plus 12 random characters, in a 64-character
 * alphabet listed in ASCII order, so that ids compare (as plain strings, or `COLLATE "C"`)
 * in the order of their creation time. An optional prefix such as "act" or "lbl" says what
 * the id names; ids sort by time among ids with the same prefix.
 */

export const PUSH_ID_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
export const PUSH_ID_TIME_LENGTH = 8;
export const PUSH_ID_RANDOM_LENGTH = 12;
export const PUSH_ID_LENGTH = PUSH_ID_TIME_LENGTH + PUSH_ID_RANDOM_LENGTH;
/** 8 characters of 6 bits hold times up to 2^48 − 1 ms (year 10889). */
export const PUSH_ID_MAX_TIME = 2 ** 48 - 1;

/** Prefixes in use. */
export const PUSH_ID_PREFIXES = { activity: 'act', statusLabel: 'lbl' } as const;

function encodeTime(now: number): string {
  if (!Number.isInteger(now) || now < 0 || now > PUSH_ID_MAX_TIME) {
    throw new RangeError(`push id time must be an integer in [0, 2^48), got ${now}`);
  }
  let rest = now;
  let out = '';
  for (let i = 0; i < PUSH_ID_TIME_LENGTH; i++) {
    out = PUSH_ID_ALPHABET.charAt(rest % 64) + out;
    rest = Math.floor(rest / 64);
  }
  return out;
}

function randomChar(random: () => number): string {
  // Clamp so a random source returning 1 (or a bit more) still picks a valid character.
  const index = Math.min(63, Math.max(0, Math.floor(random() * 64)));
  return PUSH_ID_ALPHABET.charAt(Number.isNaN(index) ? 0 : index);
}

/**
 * A new push id. `now` (epoch ms) and `random` ([0, 1), like Math.random) are injectable for
 * tests. Ids made in the same millisecond are ordered by their random part, not by creation.
 */
export function newPushId(
  prefix = '',
  now: number = Date.now(),
  random: () => number = Math.random,
): string {
  let tail = '';
  for (let i = 0; i < PUSH_ID_RANDOM_LENGTH; i++) tail += randomChar(random);
  return prefix + encodeTime(now) + tail;
}

export interface ParsedPushId {
  prefix: string;
  /** Creation time, epoch ms. */
  time: number;
  random: string;
}

const PUSH_ID_TAIL = /[-0-9A-Z_a-z]{20}$/;

/** Reads a push id back: prefix, creation time and random part; null if it is not one. */
export function parsePushId(id: string): ParsedPushId | null {
  if (typeof id !== 'string' || !PUSH_ID_TAIL.test(id)) return null;
  const prefix = id.slice(0, id.length - PUSH_ID_LENGTH);
  const timePart = id.slice(prefix.length, prefix.length + PUSH_ID_TIME_LENGTH);
  let time = 0;
  for (const char of timePart) time = time * 64 + PUSH_ID_ALPHABET.indexOf(char);
  return { prefix, time, random: id.slice(id.length - PUSH_ID_RANDOM_LENGTH) };
}
