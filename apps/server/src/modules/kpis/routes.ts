import { createRoute } from '@hono/zod-openapi';
import {
  kpiAnswer,
  kpiDeletedAnswer,
  kpiFunnelQuery,
  kpiFunnelSchema,
  kpiIdParam,
  kpiInputSchema,
  kpiResultsSchema,
  kpisAnswer,
  pathParam,
} from '@leadloom/core';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const tags = ['kpis'];
const teamParams = z.object({ teamUID: pathParam });
const kpiParams = teamParams.extend({ kpiUID: pathParam });
const funnelParams = teamParams.extend({ pipelineUID: pathParam });

/** Server-Timing `kpi;dur=`: the handler's time from scope to answer (bench/kpi.bench.ts). */
const timing = (c: Context<AppEnv>, started: number) =>
  c.header('server-timing', `kpi;dur=${(performance.now() - started).toFixed(1)}`);

/** The id in the path, checked as it always was: a bad one's 400 names no field. */
const idOf = (value: string) => parseWith(kpiIdParam, value);

/** Team KPIs (docs/api.md "KPIs"). */
export function kpiRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/kpis',
    tags,
    summary: 'The team’s KPIs.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(kpisAnswer, 'The KPIs') },
  });
  openRoute(app, list, async (c) => {
    const started = performance.now();
    const kpis = await service.listKpis(database, c.get('scope'));
    timing(c, started);
    return c.json({ kpis });
  });

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/kpis',
    tags,
    summary: 'Adds a KPI (owners and admins).',
    request: { params: teamParams, body: jsonRequest(kpiInputSchema) },
    responses: { 201: jsonResponse(kpiAnswer, 'The new KPI') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const kpi = await service.saveKpi(database, c.get('scope'), null, body, c.get('write'));
    return c.json({ kpi }, 201);
  });

  const read = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/kpis/{kpiUID}',
    tags,
    summary: 'A KPI.',
    request: { params: kpiParams },
    responses: { 200: jsonResponse(kpiAnswer, 'The KPI') },
  });
  openRoute(app, read, async (c) => {
    const kpiUID = idOf(c.req.valid('param').kpiUID);
    return c.json({ kpi: await service.getKpi(database, c.get('scope'), kpiUID) });
  });

  const replace = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/kpis/{kpiUID}',
    tags,
    summary: 'Replaces a KPI’s definition (owners and admins).',
    request: { params: kpiParams, body: jsonRequest(kpiInputSchema) },
    responses: { 200: jsonResponse(kpiAnswer, 'The KPI as it now is') },
  });
  // The id is checked before the body, as it always was: this route reads both itself.
  documentRoute(app, replace);
  const { request: _replaceRequest, ...replaceAnswered } = replace;
  openRoute(app, { ...replaceAnswered, hide: true }, async (c) => {
    const kpiUID = idOf(c.req.param('kpiUID'));
    const body = await jsonBody(c, kpiInputSchema);
    const kpi = await service.saveKpi(database, c.get('scope'), kpiUID, body, c.get('write'));
    return c.json({ kpi });
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/kpis/{kpiUID}',
    tags,
    summary: 'Deletes a KPI (owners and admins).',
    request: { params: kpiParams },
    responses: { 200: jsonResponse(kpiDeletedAnswer, 'Deleted') },
  });
  openRoute(app, remove, async (c) => {
    const kpiUID = idOf(c.req.valid('param').kpiUID);
    return c.json(await service.deleteKpi(database, c.get('scope'), kpiUID, c.get('write')));
  });

  const results = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/kpis/{kpiUID}/results',
    tags,
    summary: 'A KPI’s numbers for its period as the caller sees today.',
    request: { params: kpiParams },
    responses: { 200: jsonResponse(kpiResultsSchema, 'Totals per member, team total, series') },
  });
  openRoute(app, results, async (c) => {
    const started = performance.now();
    const kpiUID = idOf(c.req.valid('param').kpiUID);
    const scope = c.get('scope');
    const answer = await service.kpiResults(database, scope, kpiUID, services.clock.now);
    timing(c, started);
    return c.json(answer);
  });

  const funnel = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/kpi-funnel/{pipelineUID}',
    tags,
    summary: 'How often each stage of a pipeline was entered in a range (default: this week).',
    request: { params: funnelParams, query: kpiFunnelQuery },
    responses: { 200: jsonResponse(kpiFunnelSchema, 'Stage entries') },
  });
  // The id is checked before the query, as it always was: this route reads both itself.
  documentRoute(app, funnel);
  const { request: _funnelRequest, ...funnelAnswered } = funnel;
  openRoute(app, { ...funnelAnswered, hide: true }, async (c) => {
    const started = performance.now();
    const pipelineUID = idOf(c.req.param('pipelineUID'));
    const query = parseWith(kpiFunnelQuery, c.req.query());
    const scope = c.get('scope');
    const now = services.clock.now;
    const answer = await service.kpiFunnel(database, scope, pipelineUID, query, now);
    timing(c, started);
    return c.json(answer);
  });

  return app;
}
