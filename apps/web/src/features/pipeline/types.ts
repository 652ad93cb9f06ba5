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
}

export interface Board {
  pipeline: { groupUID: string; nickName: string; isDefault: boolean };
  stages: BoardStage[];
}
