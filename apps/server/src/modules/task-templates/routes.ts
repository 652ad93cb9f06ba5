import { taskTemplateSchema, TASK_TEMPLATE_APPLY_MAX } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const id = z.string().trim().min(1).max(200);
const applyBody = z
  .object({
    GTIDs: z
      .array(id)
      .min(1, 'Pick at least one contact.')
      .max(
        TASK_TEMPLATE_APPLY_MAX,
        `Apply to at most ${TASK_TEMPLATE_APPLY_MAX} contacts at once.`,
      ),
  })
  .strict();

/** Task templates (docs/api.md "Task templates"). */
export function taskTemplateRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/task-templates', async (c) => {
    const scope = c.get('scope');
    return c.json({ taskTemplates: await service.listTaskTemplates(database, scope) });
  });
  app.post('/teams/:teamUID/task-templates', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, taskTemplateSchema);
    return c.json(
      { taskTemplate: await service.saveTaskTemplate(database, scope, null, body, c.get('write')) },
      201,
    );
  });
  app.put('/teams/:teamUID/task-templates/:templateUID', async (c) => {
    const scope = c.get('scope');
    const templateUID = parseWith(id, c.req.param('templateUID'));
    const body = await jsonBody(c, taskTemplateSchema);
    return c.json({
      taskTemplate: await service.saveTaskTemplate(
        database,
        scope,
        templateUID,
        body,
        c.get('write'),
      ),
    });
  });
  app.delete('/teams/:teamUID/task-templates/:templateUID', async (c) => {
    const scope = c.get('scope');
    const templateUID = parseWith(id, c.req.param('templateUID'));
    return c.json(await service.deleteTaskTemplate(database, scope, templateUID, c.get('write')));
  });
  app.post('/teams/:teamUID/task-templates/:templateUID/apply', async (c) => {
    const scope = c.get('scope');
    const templateUID = parseWith(id, c.req.param('templateUID'));
    const { GTIDs } = await jsonBody(c, applyBody);
    return c.json(
      await service.applyTaskTemplateTo(
        database,
        scope,
        templateUID,
        GTIDs,
        c.get('write'),
        services.clock.now,
      ),
      201,
    );
  });
  return app;
}
