/**
 * The board's API shapes (GET /api/teams/:teamUID/pipelines/... and its stage pages): what the
 * server's board module answers and the web app's board reads, in one place.
 */

export interface PipelineSummary {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  order: number;
  contactCount: number;
}

export interface CardTag {
  tagID: string;
  name: string;
  /** The tag's colour, else its tag set's. */
  color: string;
}

export interface CardLabel {
  labelUID: string;
  display: string;
  color: string;
}

export interface BoardCard {
  GTID: string;
  fullName: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  photoURL: string | null;
  /** ISO timestamp. */
  lastActivityAt: string | null;
  /** Global tags then this pipeline's, in tag-set then tag order; orphaned tags are left out. */
  tags: CardTag[];
  statusLabel: CardLabel | null;
}

/** Sums of a stage's open and won deals in one currency (exact decimal strings). */
export interface DealTotal {
  currency: string;
  open: string;
  won: string;
}

export interface ContactPage {
  contacts: BoardCard[];
  /** Opaque; null when the stage has no more contacts. */
  nextCursor: string | null;
}

export interface BoardStage extends ContactPage {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  /** 0 is the placeholder stage "Set Stage...". */
  idx: number;
  /** Contacts in the stage, of which `contacts` is the loaded part. */
  count: number;
  /** Per currency; lost deals are left out. Empty when the stage has no open or won deals. */
  dealTotals: DealTotal[];
}

export interface Board {
  pipeline: { groupUID: string; nickName: string; isDefault: boolean };
  stages: BoardStage[];
}
