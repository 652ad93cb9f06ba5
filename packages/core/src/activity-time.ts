import { TIMINGS } from './timings';

/**
 * Activity timestamps (SPEC §9). When a contact is created, the "initial" activity is
 * backdated 2 minutes and the pipeline-add activity 1 minute, so that in a timeline sorted by
 * time they come first, in that order, before whatever is logged right after creation.
 */
export type ActivityTimeKind = 'initial' | 'pipelineAdd' | 'other';

/** The createdAt time (epoch ms) of an activity logged at `now`. */
export function activityTimestamp(kind: ActivityTimeKind, now: number): number {
  switch (kind) {
    case 'initial':
      return now - TIMINGS.initialActivityBackdateMs;
    case 'pipelineAdd':
      return now - TIMINGS.pipelineAddActivityBackdateMs;
    case 'other':
      return now;
  }
}
