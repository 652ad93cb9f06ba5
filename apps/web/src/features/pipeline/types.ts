/** Shapes of the board endpoints (GET /api/teams/:teamUID/pipelines/...). */

export interface PipelineSummary {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  order: number;
  contactCount: number;
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
  /** Global tags then this pipeline's; orphaned tags are not sent. */
  tags: CardTag[];
  statusLabel: CardLabel | null;
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

/** Sums of the stage's open and won deals in one currency (exact decimal strings). */
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
