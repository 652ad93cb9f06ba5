/** Shapes of docs/api.md "Tags, status labels, tag reconciliation". */

/** Tags, tag sets and orphaned tags: core's contracts. */
export type { OrphanedTag, Tag, TagSet } from '@leadloom/core';

/** A status label (core's contract). */
export type { StatusLabelView as StatusLabel } from '@leadloom/core';

export interface TagInput {
  name: string;
  value: string;
  color: string | null;
  remoteID: string | null;
}
