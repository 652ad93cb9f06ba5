import {
  editQueueItemSchema,
  queueLimitsSchema,
  queueMessageRequestSchema,
  queuePlatformSchema,
  reviewRequestSchema,
  SEND_RESULT_CODES,
} from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import {
  cancelQueueItem,
  contactQueue,
  editQueueItem,
  leaseNext,
  listQueue,
  previewMessages,
  queueMessages,
  queueStatus,
  recordManualSend,
  reportResult,
  reviewQueue,
  saveQueueLimits,
  setSendingPaused,
} from './service';

const listQuery = z.object({
  box: z.enum(['review', 'sending', 'history']).default('sending'),
  platform: queuePlatformSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

const previewBody = queueMessageRequestSchema.pick({
  platform: true,
  GTIDs: true,
  text: true,
  queuedToUID: true,
});

const resultBody = z
  .object({
    leaseId: z.string().min(1).max(100),
    code: z.enum(SEND_RESULT_CODES),
    /** What the extension saw (a dialog's text, the step that failed), for the history. */
    detail: z.string().max(2000).nullish(),
  })
  .strict();

const platformParam = z.object({ platform: queuePlatformSchema });
const limitsBody = z.object({ limits: queueLimitsSchema.nullable() }).strict();
const manualSendBody = z.object({ recipient: z.string().trim().min(1).max(2000) }).strict();

/** A team's message queue: queueing, the review and send queues, a contact's messages. */
export function outreachTeamRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();
  const base = '/teams/:teamUID/outreach';

  app.post(`${base}/preview`, async (c) => {
    const body = await jsonBody(c, previewBody);
    return c.json(await previewMessages(database, c.get('scope'), body));
  });

  app.post(`${base}/items`, async (c) => {
    const body = await jsonBody(c, queueMessageRequestSchema);
    return c.json(await queueMessages(database, c.get('scope'), body, c.get('write')), 201);
  });

  app.get(`${base}/items`, async (c) => {
    const q = parseWith(listQuery, c.req.query());
    return c.json(await listQueue(database, c.get('scope'), q));
  });

  app.post(`${base}/review`, async (c) => {
    const body = await jsonBody(c, reviewRequestSchema);
    return c.json(await reviewQueue(database, c.get('scope'), body, c.get('write')));
  });

  app.patch(`${base}/items/:itemUID`, async (c) => {
    const { text } = await jsonBody(c, editQueueItemSchema);
    const scope = c.get('scope');
    return c.json(
      await editQueueItem(database, scope, c.req.param('itemUID'), text, c.get('write')),
    );
  });

  app.delete(`${base}/items/:itemUID`, async (c) => {
    const scope = c.get('scope');
    return c.json(await cancelQueueItem(database, scope, c.req.param('itemUID'), c.get('write')));
  });

  app.post(`${base}/items/:itemUID/result`, async (c) => {
    const body = await jsonBody(c, resultBody);
    const scope = c.get('scope');
    return c.json(
      await reportResult(database, scope, c.req.param('itemUID'), body, c.get('write')),
    );
  });

  app.get('/teams/:teamUID/contacts/:GTID/outreach', async (c) =>
    c.json(await contactQueue(database, c.get('scope'), c.req.param('GTID'))),
  );

  return app;
}

/**
 * The sender's own side, across their teams (one account sends for all of them): the pacing
 * status and limits, pause and resume, and the extension's lease and manual sends.
 */
export function outreachSenderRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/outreach/status', async (c) =>
    c.json(await queueStatus(database, c.get('identity').uid)),
  );

  app.post('/outreach/:platform/lease', async (c) => {
    const { platform } = parseWith(platformParam, c.req.param());
    return c.json(await leaseNext(database, c.get('identity').uid, platform));
  });

  app.post('/outreach/:platform/manual-sends', async (c) => {
    const { platform } = parseWith(platformParam, c.req.param());
    const { recipient } = await jsonBody(c, manualSendBody);
    return c.json(
      await recordManualSend(database, c.get('identity').uid, platform, recipient),
      201,
    );
  });

  app.put('/outreach/:platform/limits', async (c) => {
    const { platform } = parseWith(platformParam, c.req.param());
    const { limits } = await jsonBody(c, limitsBody);
    return c.json(await saveQueueLimits(database, c.get('identity').uid, platform, limits));
  });

  app.post('/outreach/:platform/pause', async (c) => {
    const { platform } = parseWith(platformParam, c.req.param());
    return c.json(await setSendingPaused(database, c.get('identity').uid, platform, true));
  });

  app.post('/outreach/:platform/resume', async (c) => {
    const { platform } = parseWith(platformParam, c.req.param());
    return c.json(await setSendingPaused(database, c.get('identity').uid, platform, false));
  });

  return app;
}
