import type { ActivityType } from '../entities';

/**
 * What can happen on a contact's timeline (SPEC §3 Activity): each activity type with the
 * actions it is written with. The server writes activities only through its events' `emit`,
 * whose type accepts these pairs and no other, and dashboards (`kpiEventOf`) and the timeline
 * read them back by the same names.
 */
export const ACTIVITY_ACTIONS = {
  initial: ['created'],
  /** Joining or leaving a pipeline, and the pipeline's deals. */
  pipeline: ['added', 'removed', 'dealCreated', 'dealWon', 'dealLost', 'dealDeleted'],
  stage: ['changed', 'historyDeleted'],
  note: ['created', 'edited', 'deleted'],
  task: ['created', 'completed', 'skipped', 'reopened', 'deleted'],
  statusLabel: ['changed', 'cleared'],
  /** `mapped`: an orphaned tag was mapped onto a tag of a set. */
  tags: ['added', 'removed', 'mapped'],
  /** `sent` by Leadloom; `logged` by a person (a message that happened elsewhere). */
  message: ['sent', 'logged'],
} as const satisfies Record<ActivityType, readonly string[]>;

export type ActivityAction<T extends ActivityType = ActivityType> =
  (typeof ACTIVITY_ACTIONS)[T][number];

/** A type with one of its own actions: `{ type: 'note', action: 'edited' }`. */
export type ActivityKind = {
  [T in ActivityType]: { type: T; action: ActivityAction<T> };
}[ActivityType];

export function isActivityAction(type: ActivityType, action: string): boolean {
  return (ACTIVITY_ACTIONS[type] as readonly string[]).includes(action);
}
