/** Shapes of docs/api.md "Tags, status labels, tag reconciliation". */

export interface Tag {
  tagID: string;
  name: string;
  value: string;
  /** null = the tag set's colour. */
  color: string | null;
  remoteID: string | null;
  order: number;
  /** Contacts carrying it. */
  contacts: number;
}

export interface TagSet {
  tagSetUID: string;
  pipelineUID: string | null;
  name: string;
  color: string;
  connectionUID: string | null;
  order: number;
  /** Contacts carrying any of its tags. */
  contacts: number;
  tags: Tag[];
}

export interface OrphanedTag {
  tagID: string;
  name: string;
  tagSetUID: string;
  contacts: number;
}

/** A status label (core's contract). */
export type { StatusLabelView as StatusLabel } from '@leadloom/core';

export interface TagInput {
  name: string;
  value: string;
  color: string | null;
  remoteID: string | null;
}
