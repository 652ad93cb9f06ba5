import type { Fixture } from '../../test/isolation';
import { addPipeline } from '../../test/team-fixtures';
import {
  addPhase,
  addQuestion,
  addStage,
  clearPipelines,
  phaseUIDsOf,
  pipelineUIDsOf,
  questionUIDsOf,
} from './fixtures.repo';

const T = '/api/teams/:teamUID';

/** Tenant-isolation fixtures of the pipeline-setup routes (src/tenant-isolation.test.ts). */
export const FIXTURES: Record<string, Fixture> = {
  [`POST ${T}/pipelines`]: {
    // Earlier fixtures fill team A with pipelines; make room under the tier's limit.
    seed: async (ctx) => {
      await clearPipelines(ctx.s, ctx.a.teamUID);
      return { body: { nickName: 'New pipeline', stages: [{ name: 'Lead' }] } };
    },
  },
  [`PUT ${T}/pipelines-order`]: {
    seed: async (ctx) => {
      await addPipeline(ctx.s, ctx.a.teamUID);
      return { body: { order: (await pipelineUIDsOf(ctx.s, ctx.a.teamUID)).reverse() } };
    },
  },
  [`GET ${T}/pipelines/:pipelineUID`]: {
    seed: async (ctx) => ({
      params: { pipelineUID: (await addPipeline(ctx.s, ctx.a.teamUID)).pipelineUID },
    }),
  },
  [`PATCH ${T}/pipelines/:pipelineUID`]: {
    // With the questions it asks: team B's owner must not make it ask anything.
    seed: async (ctx) => ({
      params: { pipelineUID: (await addPipeline(ctx.s, ctx.a.teamUID)).pipelineUID },
      body: {
        nickName: 'Renamed',
        fbConnected: true,
        questions: [await addQuestion(ctx.s, ctx.a.teamUID, 'Asked here?')],
      },
    }),
  },
  [`GET ${T}/pipelines/:pipelineUID/delete-impact`]: {
    seed: async (ctx) => ({
      params: { pipelineUID: (await addPipeline(ctx.s, ctx.a.teamUID)).pipelineUID },
    }),
  },
  [`DELETE ${T}/pipelines/:pipelineUID`]: {
    seed: async (ctx) => ({
      params: { pipelineUID: (await addPipeline(ctx.s, ctx.a.teamUID)).pipelineUID },
    }),
  },
  [`POST ${T}/pipelines/:pipelineUID/stages`]: {
    seed: async (ctx) => ({
      params: { pipelineUID: (await addPipeline(ctx.s, ctx.a.teamUID)).pipelineUID },
      body: { name: 'Qualified', color: '#1C7EBB' },
    }),
  },
  [`PUT ${T}/pipelines/:pipelineUID/stages-order`]: {
    seed: async (ctx) => {
      const { pipelineUID } = await addPipeline(ctx.s, ctx.a.teamUID);
      const first = await addStage(ctx.s, ctx.a.teamUID, pipelineUID, 'One', 1);
      const second = await addStage(ctx.s, ctx.a.teamUID, pipelineUID, 'Two', 2);
      return { params: { pipelineUID }, body: { order: [second, first] } };
    },
  },
  [`PATCH ${T}/pipelines/:pipelineUID/stages/:stageUID`]: {
    seed: async (ctx) => {
      const { pipelineUID } = await addPipeline(ctx.s, ctx.a.teamUID);
      const stageUID = await addStage(ctx.s, ctx.a.teamUID, pipelineUID);
      return { params: { pipelineUID, stageUID }, body: { name: 'Renamed', color: '#000000' } };
    },
  },
  [`DELETE ${T}/pipelines/:pipelineUID/stages/:stageUID`]: {
    seed: async (ctx) => {
      const { pipelineUID } = await addPipeline(ctx.s, ctx.a.teamUID);
      const stageUID = await addStage(ctx.s, ctx.a.teamUID, pipelineUID);
      return { params: { pipelineUID, stageUID } };
    },
  },
  [`GET ${T}/phases`]: { seed: async (ctx) => (await addPhase(ctx.s, ctx.a.teamUID), {}) },
  [`POST ${T}/phases`]: { seed: async () => ({ body: { name: 'Closing', color: '#2F9E44' } }) },
  [`PUT ${T}/phases-order`]: {
    seed: async (ctx) => {
      await addPhase(ctx.s, ctx.a.teamUID);
      return { body: { order: (await phaseUIDsOf(ctx.s, ctx.a.teamUID)).reverse() } };
    },
  },
  [`PATCH ${T}/phases/:phaseUID`]: {
    seed: async (ctx) => ({
      params: { phaseUID: await addPhase(ctx.s, ctx.a.teamUID) },
      body: { name: 'Renamed' },
    }),
  },
  [`DELETE ${T}/phases/:phaseUID`]: {
    seed: async (ctx) => ({ params: { phaseUID: await addPhase(ctx.s, ctx.a.teamUID) } }),
  },
  [`GET ${T}/questions`]: { seed: async (ctx) => (await addQuestion(ctx.s, ctx.a.teamUID), {}) },
  [`POST ${T}/questions`]: {
    seed: async () => ({ body: { question: 'Where did you hear of us?', kind: 'test' } }),
  },
  [`PUT ${T}/questions-order`]: {
    seed: async (ctx) => {
      await addQuestion(ctx.s, ctx.a.teamUID);
      const order = (await questionUIDsOf(ctx.s, ctx.a.teamUID, 'live')).reverse();
      return { body: { kind: 'live', order } };
    },
  },
  [`PATCH ${T}/questions/:questionUID`]: {
    seed: async (ctx) => ({
      params: { questionUID: await addQuestion(ctx.s, ctx.a.teamUID) },
      body: { question: 'Changed?' },
    }),
  },
  [`DELETE ${T}/questions/:questionUID`]: {
    seed: async (ctx) => ({ params: { questionUID: await addQuestion(ctx.s, ctx.a.teamUID) } }),
  },
};
