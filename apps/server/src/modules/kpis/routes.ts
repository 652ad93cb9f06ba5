import { kpiInputSchema, localDateSchema } from '@leadloom/core';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const id = z.string().trim().min(1).max(200);
const funnelQuery = z
  .object({
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
    members: z
      .string()
      .max(20_000)
      .optional()
      .transform((m) => (m ? m.split(',').filter(Boolean) : undefined)),
  })
  .strict()
  .refine((q) => !q.from === !q.to, { message: 'Give both from and to, or neither', path: ['to'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date is before the start',
    path: ['to'],
  });

/** Server-Timing `kpi;dur=`: the handler's time from scope to answer (bench/kpi.bench.ts). */
const timing = (c: Context<AppEnv>, started: number) =>
  c.header('server-timing', `kpi;dur=${(performance.now() - started).toFixed(1)}`);

/** Team KPIs (docs/api.md "KPIs"). */
export function kpiRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/kpis', async (c) => {
    const started = performance.now();
    const scope = c.get('scope');
    const kpis = await service.listKpis(database, scope);
    timing(c, started);
    return c.json({ kpis });
  });
  app.post('/teams/:teamUID/kpis', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, kpiInputSchema);
    return c.json({ kpi: await service.saveKpi(database, scope, null, body, c.get('write')) }, 201);
  });
  app.get('/teams/:teamUID/kpis/:kpiUID', async (c) => {
    const scope = c.get('scope');
    const kpiUID = parseWith(id, c.req.param('kpiUID'));
    return c.json({ kpi: await service.getKpi(database, scope, kpiUID) });
  });
  app.put('/teams/:teamUID/kpis/:kpiUID', async (c) => {
    const scope = c.get('scope');
    const kpiUID = parseWith(id, c.req.param('kpiUID'));
    const body = await jsonBody(c, kpiInputSchema);
    return c.json({ kpi: await service.saveKpi(database, scope, kpiUID, body, c.get('write')) });
  });
  app.delete('/teams/:teamUID/kpis/:kpiUID', async (c) => {
    const scope = c.get('scope');
    const kpiUID = parseWith(id, c.req.param('kpiUID'));
    return c.json(await service.deleteKpi(database, scope, kpiUID, c.get('write')));
  });
  app.get('/teams/:teamUID/kpis/:kpiUID/results', async (c) => {
    const started = performance.now();
    const scope = c.get('scope');
    const kpiUID = parseWith(id, c.req.param('kpiUID'));
    const results = await service.kpiResults(database, scope, kpiUID, services.clock.now);
    timing(c, started);
    return c.json(results);
  });
  app.get('/teams/:teamUID/kpi-funnel/:pipelineUID', async (c) => {
    const started = performance.now();
    const scope = c.get('scope');
    const pipelineUID = parseWith(id, c.req.param('pipelineUID'));
    const query = parseWith(funnelQuery, c.req.query());
    const funnel = await service.kpiFunnel(database, scope, pipelineUID, query, services.clock.now);
    timing(c, started);
    return c.json(funnel);
  });
  return app;
}
