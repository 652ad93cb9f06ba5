/** Shapes of docs/api.md "Pipelines, stages, phases, questions" and "Connections, minimum". */

export interface SetupStage {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  description: string;
  phase: string | null;
  idx: number;
  remoteID: string | null;
  /** Contacts in the stage. */
  count: number;
  /** The "Set Stage..." stage every pipeline has at idx 0: locked, first. */
  placeholder: boolean;
}

export interface SetupPipeline {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  fbGroupURL: string | null;
  fbConnected: boolean;
  igConnected: boolean;
  order: number;
  rules: Record<string, unknown>;
  /** Connections that sync this pipeline. */
  connections: string[];
  /** The team's questions this pipeline asks, in the team's order (a new pipeline asks none). */
  questions: string[];
}

export interface PipelineDetail {
  pipeline: SetupPipeline;
  stages: SetupStage[];
}

export interface DeleteImpact {
  stages: number;
  contacts: number;
  tagSets: number;
  deals: number;
}

export interface Phase {
  phaseUID: string;
  name: string;
  color: string;
  order: number;
}

export type QuestionKind = 'live' | 'test';

export interface Question {
  questionUID: string;
  question: string;
  order: number;
  kind: QuestionKind;
}

export interface QuestionLists {
  questions: Question[];
  testQuestions: Question[];
}

export interface Connection {
  connectionUID: string;
  system: string;
  name: string;
  status: string;
  isPaused: boolean;
  usedInPipelines: string[];
}

export interface NewPipelineInput {
  nickName: string;
  isDefault?: boolean;
  stages?: { name: string }[];
}

export interface PipelinePatch {
  nickName?: string;
  isDefault?: boolean;
  fbGroupURL?: string | null;
  fbConnected?: boolean;
  igConnected?: boolean;
  connections?: string[];
  questions?: string[];
}

export interface StageInput {
  name?: string;
  color?: string;
  fontColor?: string;
  description?: string;
  phase?: string | null;
  remoteID?: string | null;
}
