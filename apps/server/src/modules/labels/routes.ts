import { colorSchema } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const id = z.string().trim().min(1).max(128);
const display = z
  .string()
  .trim()
  .min(1, 'Enter the label text')
  .max(100, 'Keep the label under 100 characters');
const color = colorSchema.transform((c) => c.trim());
const labelBody = z.object({ display, color });
const labelPatch = z
  .object({ display: display.optional(), color: color.optional() })
  .refine((b) => b.display !== undefined || b.color !== undefined, {
    message: 'Send display or color',
  });
const orderBody = z.object({
  order: z
    .array(id)
    .max(1000)
    .refine((l) => new Set(l).size === l.length, 'List each label once'),
});

/** Status labels (SPEC §3 "message status options"): members read, owners and admins write. */
export function labelRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/status-labels', async (c) => {
    const scope = c.get('scope');
    return c.json({ statusLabels: await service.listStatusLabels(database, scope) });
  });
  app.post('/teams/:teamUID/status-labels', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, labelBody);
    return c.json(
      { statusLabel: await service.createStatusLabel(database, scope, body, c.get('write')) },
      201,
    );
  });
  app.patch('/teams/:teamUID/status-labels/:labelUID', async (c) => {
    const scope = c.get('scope');
    const labelUID = parseWith(id, c.req.param('labelUID'));
    const body = await jsonBody(c, labelPatch);
    return c.json({
      statusLabel: await service.updateStatusLabel(database, scope, labelUID, body, c.get('write')),
    });
  });
  app.delete('/teams/:teamUID/status-labels/:labelUID', async (c) => {
    const scope = c.get('scope');
    const labelUID = parseWith(id, c.req.param('labelUID'));
    return c.json(await service.deleteStatusLabel(database, scope, labelUID, c.get('write')));
  });
  app.put('/teams/:teamUID/status-labels-order', async (c) => {
    const scope = c.get('scope');
    const { order } = await jsonBody(c, orderBody);
    return c.json({
      statusLabels: await service.orderStatusLabels(database, scope, order, c.get('write')),
    });
  });
  return app;
}
