/** Shapes of docs/api.md "Pipelines, stages, phases, questions" and "Connections, minimum". */

/** Pipelines, stages, phases and questions as the API answers them: core's contracts. */
export type {
  DeleteImpact,
  Phase,
  PipelineDetail,
  Question,
  QuestionKind,
  QuestionLists,
  SetupPipeline,
  SetupStage,
} from '@leadloom/core';

/** A connection as GET …/connections answers it (core's contract). */
export type { ConnectionView as Connection } from '@leadloom/core';

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
