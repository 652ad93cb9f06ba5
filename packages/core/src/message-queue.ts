import { QUEUE_PROCESSOR_OFFSET, TIMINGS } from './timings';

/** Message queue placement, queue processors and the queue-status shard (SPEC §4, §5). */

export const QUEUE_PLATFORMS = ['facebook', 'instagram', 'linkedin'] as const;
export type QueuePlatform = (typeof QUEUE_PLATFORMS)[number];

export interface QueueItemPlacementInput {
  status?: string | null;
  queuedToUID?: string | null;
}

export interface QueuePlacement {
  /** Realtime path root: the review queue or the ordinary send queue. */
  queue: 'msgQueueReview' | 'msgQueue';
  /** Whose queue the item goes into. */
  uid: string;
}

/**
 * SPEC §4: a pending item goes to the review queue of the person it is queued to; any other
 * item goes to the sender's queue. A pending item queued to nobody is reviewed by its sender.
 */
export function messageQueuePlacement(
  item: QueueItemPlacementInput,
  senderUID: string,
): QueuePlacement {
  if (item.status === 'pending') {
    return { queue: 'msgQueueReview', uid: item.queuedToUID || senderUID };
  }
  return { queue: 'msgQueue', uid: senderUID };
}

export interface QueueProcessorLaunch {
  platform: QueuePlatform;
  /** Wait this long after load before opening the processor window. */
  delayMs: number;
  /** Window offset in pixels (passed in the open_queue_processor message). */
  offset: number;
}

/**
 * When and where each queue processor opens (SPEC §4, §9): each opens at a random moment
 * 2–4 s after load (its own draw of `random`, which must return [0, 1) like Math.random);
 * processors open in the order facebook, instagram, linkedin and the n-th gets offset
 * 50 × n, so the first is at 0 and Instagram gets 50 when Facebook also opens.
 */
export function queueProcessorSchedule(
  platforms: readonly QueuePlatform[],
  random: () => number = Math.random,
): QueueProcessorLaunch[] {
  const span = TIMINGS.queueProcessorMaxDelayMs - TIMINGS.queueProcessorMinDelayMs;
  return QUEUE_PLATFORMS.filter((platform) => platforms.includes(platform)).map(
    (platform, index) => {
      const draw = Math.min(1, Math.max(0, random()));
      return {
        platform,
        delayMs: TIMINGS.queueProcessorMinDelayMs + Math.round(draw * span),
        offset: index * QUEUE_PROCESSOR_OFFSET,
      };
    },
  );
}

/** Number of queue-status shards. */
export const QUEUE_STATUS_SHARD_COUNT = 3;

/**
 * The queue-status shard of a team (SPEC §5): FNV-1a (32-bit) over the UTF-16 code units of
 * the team id, modulo the shard count, plus 1, so the result is 1..shardCount. It depends
 * only on the id (same id → same shard on every client and server), spreads ids evenly and
 * needs no lookup. Changing the function or the count moves teams, so both are fixed here.
 */
export function queueStatusShard(teamUID: string, shardCount = QUEUE_STATUS_SHARD_COUNT): number {
  if (!Number.isInteger(shardCount) || shardCount < 1) {
    throw new RangeError(`shardCount must be a positive integer, got ${shardCount}`);
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < teamUID.length; i++) {
    hash ^= teamUID.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % shardCount) + 1;
}
