/**
 * Contact ids (GTID, SPEC §5; DESIGN §5): "adjective-animal-unixSeconds", all lower case.
 * Collisions within one second are possible; the store has a unique key and generates a new
 * GTID on conflict.
 */

/** Our own word lists: letters only, so the "-" separators are unambiguous. */
// prettier-ignore
export const GTID_ADJECTIVES = [
  'agile', 'amber', 'ample', 'bold', 'brave', 'breezy', 'bright', 'brisk', 'calm', 'candid',
  'cheery', 'clever', 'cosmic', 'crisp', 'daring', 'dapper', 'eager', 'earnest', 'epic', 'fancy',
  'fearless', 'fluffy', 'frank', 'friendly', 'gentle', 'giant', 'gleaming', 'golden', 'grand',
  'happy', 'hearty', 'honest', 'humble', 'jolly', 'joyful', 'keen', 'kind', 'lively', 'loyal',
  'lucky', 'mellow', 'merry', 'mighty', 'modern', 'nimble', 'noble', 'plucky', 'polite', 'proud',
  'quick', 'quiet', 'radiant', 'rapid', 'rosy', 'savvy', 'shiny', 'sincere', 'smart', 'snappy',
  'sparkly', 'spry', 'steady', 'sunny', 'swift', 'tidy', 'trusty', 'upbeat', 'vivid', 'warm',
  'wise', 'witty', 'zesty',
] as const;

// prettier-ignore
export const GTID_ANIMALS = [
  'alpaca', 'badger', 'beaver', 'bison', 'bobcat', 'camel', 'caribou', 'cheetah', 'condor',
  'coyote', 'crane', 'dingo', 'dolphin', 'eagle', 'falcon', 'ferret', 'finch', 'fox', 'gazelle',
  'gecko', 'giraffe', 'gopher', 'heron', 'hippo', 'ibex', 'iguana', 'jaguar', 'koala', 'lemur',
  'leopard', 'llama', 'lynx', 'magpie', 'marmot', 'meerkat', 'moose', 'narwhal', 'ocelot',
  'octopus', 'otter', 'owl', 'panda', 'panther', 'parrot', 'pelican', 'penguin', 'puffin', 'quail',
  'rabbit', 'raccoon', 'raven', 'salmon', 'seal', 'sparrow', 'squid', 'stork', 'swan', 'tapir',
  'tiger', 'toucan', 'turtle', 'walrus', 'weasel', 'whale', 'wombat', 'yak', 'zebra',
] as const;

function pick<T>(list: readonly T[], random: () => number): T {
  const index = Math.min(list.length - 1, Math.max(0, Math.floor(random() * list.length)));
  return list[Number.isNaN(index) ? 0 : index] as T;
}

/**
 * A new GTID for the time `nowMs` (epoch ms, floored to seconds). `random` ([0, 1)) picks the
 * adjective, then the animal; both are injectable for tests.
 */
export function newGtid(nowMs: number = Date.now(), random: () => number = Math.random): string {
  if (!Number.isFinite(nowMs) || nowMs < 0) {
    throw new RangeError(`GTID time must be a non-negative finite number, got ${nowMs}`);
  }
  const adjective = pick(GTID_ADJECTIVES, random);
  const animal = pick(GTID_ANIMALS, random);
  return `${adjective}-${animal}-${Math.floor(nowMs / 1000)}`;
}

export interface ParsedGtid {
  adjective: string;
  animal: string;
  unixSeconds: number;
}

const GTID_PATTERN = /^([a-z]+)-([a-z]+)-(\d{1,15})$/;

/**
 * Reads a GTID back. Any lower-case words are accepted (ids made with other word lists
 * remain readable); anything else gives null.
 */
export function parseGtid(gtid: unknown): ParsedGtid | null {
  if (typeof gtid !== 'string') return null;
  const match = GTID_PATTERN.exec(gtid);
  if (!match) return null;
  const [, adjective = '', animal = '', seconds = ''] = match;
  return { adjective, animal, unixSeconds: Number(seconds) };
}

/** Whether a value is a well-formed GTID. */
export function isGtid(value: unknown): value is string {
  return parseGtid(value) !== null;
}
