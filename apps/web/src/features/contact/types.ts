import type {
  ContactDeal,
  ContactTagEntry as ContactTag,
  StageHistoryEntry as HistoryEntry,
} from '@leadloom/core';

/** Shapes of the contact endpoints (docs/api.md "Contacts") and the pickers they use. */

export type ProfileLinks = Record<string, string>;

/** A contact's own fields as its answer carries them (core's contract). */
export type { ContactRecord } from '@leadloom/core';

/** A tag on a contact, global or on a card (core's contract). */
export type { ContactTagEntry as ContactTag } from '@leadloom/core';

export type { DealStatus } from '@leadloom/core';

/**
 * A deal under its pipeline in a contact's answer (core's contract); the value is read as a
 * number or a decimal string alike, so a deal kept from before the answer was exact still shows.
 */
export type Deal = Omit<ContactDeal, 'value'> & { value: number | string };

export interface Answer {
  answerUID?: string;
  questionUID: string | null;
  question: string;
  answer: string;
}

/** An entry of a card's stage history (core's contract). */
export type { StageHistoryEntry as HistoryEntry } from '@leadloom/core';

export interface ContactPipeline {
  groupUID: string;
  nickName: string;
  stageUID: string;
  stage: { name: string; color: string; fontColor: string; idx: number };
  addedAt: string;
  stageChangedAt: string;
  stagesHistory: HistoryEntry[];
  deals: Deal[];
  answers: Answer[];
  tags: ContactTag[];
}

/** GET/POST/PATCH …/contacts answer: the contact with its visible pipelines (core's contract). */
export type { ContactWithPipelines as ContactAnswer } from '@leadloom/core';

/** The fields of POST/PATCH /contacts. */
export interface ContactFields {
  firstName?: string;
  lastName?: string;
  fullName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  photoURL?: string | null;
  sources?: string[];
  profiles?: ProfileLinks;
}

export interface NewContact extends ContactFields {
  pipelineUID?: string;
  stageUID?: string;
}

/** A contact's timeline, a page at a time (core's contract). */
export type { ActivityItem, ActivityPage } from '@leadloom/core';

/** A note on a contact (core's contract). */
export type { Note } from '@leadloom/core';

export interface TagSetTag {
  tagID: string;
  name: string;
  value: string | null;
  color: string | null;
  remoteID: string | null;
  order: number;
}

export interface TagSet {
  tagSetUID: string;
  pipelineUID: string | null;
  name: string;
  color: string;
  connectionUID: string | null;
  order: number;
  tags: TagSetTag[];
}

/** A status label (core's contract). */
export type { StatusLabelView as StatusLabel } from '@leadloom/core';

/** A team question and a pipeline's setup with its stages (core's contracts). */
export type { PipelineDetail, Question } from '@leadloom/core';
