import {
  messageTemplateCreateSchema,
  messageTemplatePatchSchema,
  templateGroupSchema,
} from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import type { GroupKind } from './repo';
import * as service from './service';

const id = z.string().trim().min(1).max(128);
const messageBody = z
  .object({
    text: z
      .string()
      .max(20_000, 'Keep the message under 20,000 characters.')
      .refine((t) => t.trim() !== '', 'Write the message that was sent.'),
    templateUID: id.nullable().optional(),
    platform: z.enum(['facebook', 'instagram', 'linkedin', 'other']).nullable().optional(),
  })
  .strict();

/** The URL segment of each team list. */
const GROUP_PATHS: Record<string, GroupKind> = {
  'message-template-categories': 'category',
  'message-template-types': 'type',
};

/** Message templates, their categories and types, and "message sent" (docs/api.md). */
export function messageTemplateRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/message-templates', async (c) => {
    const scope = c.get('scope');
    return c.json(await service.listMessageTemplates(database, scope));
  });
  app.post('/teams/:teamUID/message-templates', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, messageTemplateCreateSchema);
    return c.json(
      { template: await service.createMessageTemplate(database, scope, body, c.get('write')) },
      201,
    );
  });
  app.patch('/teams/:teamUID/message-templates/:templateUID', async (c) => {
    const scope = c.get('scope');
    const templateUID = parseWith(id, c.req.param('templateUID'));
    const body = await jsonBody(c, messageTemplatePatchSchema);
    return c.json({
      template: await service.updateMessageTemplate(
        database,
        scope,
        templateUID,
        body,
        c.get('write'),
      ),
    });
  });
  app.delete('/teams/:teamUID/message-templates/:templateUID', async (c) => {
    const scope = c.get('scope');
    const templateUID = parseWith(id, c.req.param('templateUID'));
    return c.json(
      await service.deleteMessageTemplate(database, scope, templateUID, c.get('write')),
    );
  });

  for (const [path, kind] of Object.entries(GROUP_PATHS)) {
    app.post(`/teams/:teamUID/${path}`, async (c) => {
      const scope = c.get('scope');
      const { name } = await jsonBody(c, templateGroupSchema);
      return c.json(
        { [kind]: await service.createTemplateGroup(database, scope, kind, name, c.get('write')) },
        201,
      );
    });
    app.patch(`/teams/:teamUID/${path}/:id`, async (c) => {
      const scope = c.get('scope');
      const groupId = parseWith(id, c.req.param('id'));
      const { name } = await jsonBody(c, templateGroupSchema);
      return c.json({
        [kind]: await service.renameTemplateGroup(
          database,
          scope,
          kind,
          groupId,
          name,
          c.get('write'),
        ),
      });
    });
    app.delete(`/teams/:teamUID/${path}/:id`, async (c) => {
      const scope = c.get('scope');
      const groupId = parseWith(id, c.req.param('id'));
      return c.json(
        await service.deleteTemplateGroup(database, scope, kind, groupId, c.get('write')),
      );
    });
  }

  app.post('/teams/:teamUID/contacts/:GTID/messages', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, messageBody);
    return c.json(
      await service.logMessageSent(database, scope, c.req.param('GTID'), body, c.get('write')),
      201,
    );
  });

  return app;
}
