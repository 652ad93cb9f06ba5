/** Shapes of the board endpoints (GET /api/teams/:teamUID/pipelines/...): core holds them. */
export type {
  Board,
  BoardCard,
  BoardStage,
  CardTag,
  ContactPage,
  DealTotal,
  PipelineSummary,
} from '@leadloom/core';
