import { createRoute } from '@hono/zod-openapi';
import {
  editQueueItemSchema,
  leaseAnswer,
  manualSendAnswer,
  manualSendBody,
  pathParam,
  queuedAnswer,
  queueItemsAnswer,
  queueItemSchema,
  queueLimitsBody,
  queueListQuery,
  queueMessageRequestSchema,
  queuePlatformSchema,
  queuePreviewAnswer,
  queueStatusAnswer,
  reviewAnswer,
  reviewRequestSchema,
  sendResultAnswer,
  sendResultBody,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
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

const tags = ['outreach'];
const base = '/teams/{teamUID}/outreach';
const teamParams = z.object({ teamUID: pathParam });
const itemParams = teamParams.extend({ itemUID: pathParam });
const platformParams = z.object({ platform: queuePlatformSchema });

const previewBody = queueMessageRequestSchema.pick({
  platform: true,
  GTIDs: true,
  text: true,
  queuedToUID: true,
});

/** A team's message queue: queueing, the review and send queues, a contact's messages. */
export function outreachTeamRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const preview = createRoute({
    method: 'post',
    path: `${base}/preview`,
    tags,
    summary: 'Each recipient’s message as it would be sent, with the template filled.',
    request: { params: teamParams, body: jsonRequest(previewBody) },
    responses: { 200: jsonResponse(queuePreviewAnswer, 'The previews') },
  });
  openRoute(app, preview, async (c) =>
    c.json(await previewMessages(database, c.get('scope'), c.req.valid('json'))),
  );

  const queue = createRoute({
    method: 'post',
    path: `${base}/items`,
    tags,
    summary:
      'Queues one message to each contact: to the sender’s queue, or to their review queue when a teammate queues it.',
    request: { params: teamParams, body: jsonRequest(queueMessageRequestSchema) },
    responses: { 201: jsonResponse(queuedAnswer, 'The items queued, and who got none and why') },
  });
  openRoute(app, queue, async (c) => {
    const body = c.req.valid('json');
    return c.json(await queueMessages(database, c.get('scope'), body, c.get('write')), 201);
  });

  const list = createRoute({
    method: 'get',
    path: `${base}/items`,
    tags,
    summary: 'The caller’s review queue, send queue or history in this team.',
    request: { params: teamParams, query: queueListQuery },
    responses: { 200: jsonResponse(queueItemsAnswer, 'The items') },
  });
  openRoute(app, list, async (c) =>
    c.json(await listQueue(database, c.get('scope'), c.req.valid('query'))),
  );

  const review = createRoute({
    method: 'post',
    path: `${base}/review`,
    tags,
    summary: 'Approves or rejects items of the caller’s review queue: some, or all.',
    request: { params: teamParams, body: jsonRequest(reviewRequestSchema) },
    responses: { 200: jsonResponse(reviewAnswer, 'How many items moved') },
  });
  openRoute(app, review, async (c) => {
    const body = c.req.valid('json');
    return c.json(await reviewQueue(database, c.get('scope'), body, c.get('write')));
  });

  const edit = createRoute({
    method: 'patch',
    path: `${base}/items/{itemUID}`,
    tags,
    summary: 'Changes the text of a message still waiting to be sent.',
    request: { params: itemParams, body: jsonRequest(editQueueItemSchema) },
    responses: { 200: jsonResponse(queueItemSchema, 'The item as it now is') },
  });
  openRoute(app, edit, async (c) => {
    const { itemUID } = c.req.valid('param');
    const { text } = c.req.valid('json');
    return c.json(await editQueueItem(database, c.get('scope'), itemUID, text, c.get('write')));
  });

  const cancel = createRoute({
    method: 'delete',
    path: `${base}/items/{itemUID}`,
    tags,
    summary: 'Cancels a message still waiting to be sent.',
    request: { params: itemParams },
    responses: { 200: jsonResponse(queueItemSchema, 'The cancelled item') },
  });
  openRoute(app, cancel, async (c) => {
    const { itemUID } = c.req.valid('param');
    return c.json(await cancelQueueItem(database, c.get('scope'), itemUID, c.get('write')));
  });

  const result = createRoute({
    method: 'post',
    path: `${base}/items/{itemUID}/result`,
    tags,
    summary: 'The extension reports what became of a leased message.',
    request: { params: itemParams, body: jsonRequest(sendResultBody) },
    responses: { 200: jsonResponse(sendResultAnswer, 'The item after the result') },
  });
  openRoute(app, result, async (c) => {
    const { itemUID } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await reportResult(database, c.get('scope'), itemUID, body, c.get('write')));
  });

  const ofContact = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/contacts/{GTID}/outreach',
    tags,
    summary: 'A contact’s messages, queued and sent, newest first.',
    request: { params: teamParams.extend({ GTID: pathParam }) },
    responses: { 200: jsonResponse(queueItemsAnswer, 'The items') },
  });
  openRoute(app, ofContact, async (c) =>
    c.json(await contactQueue(database, c.get('scope'), c.req.valid('param').GTID)),
  );

  return app;
}

/**
 * The sender's own side, across their teams (one account sends for all of them): the pacing
 * status and limits, pause and resume, and the extension's lease and manual sends.
 */
export function outreachSenderRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const status = createRoute({
    method: 'get',
    path: '/outreach/status',
    tags,
    summary: 'Each platform’s limits, usage against the caps, pause and next send time.',
    responses: { 200: jsonResponse(queueStatusAnswer, 'The sending status') },
  });
  openRoute(app, status, async (c) => c.json(await queueStatus(database, c.get('identity').uid)));

  const lease = createRoute({
    method: 'post',
    path: '/outreach/{platform}/lease',
    tags,
    summary:
      'The extension claims the next message to send on a platform, when the limits allow one now.',
    request: { params: platformParams },
    responses: { 200: jsonResponse(leaseAnswer, 'A leased item, or why none and until when') },
  });
  openRoute(app, lease, async (c) => {
    const { platform } = c.req.valid('param');
    return c.json(await leaseNext(database, c.get('identity').uid, platform));
  });

  const manual = createRoute({
    method: 'post',
    path: '/outreach/{platform}/manual-sends',
    tags,
    summary: 'A message the user sent by hand on the platform: it counts against the caps.',
    request: { params: platformParams, body: jsonRequest(manualSendBody) },
    responses: { 201: jsonResponse(manualSendAnswer, 'Counted') },
  });
  openRoute(app, manual, async (c) => {
    const { platform } = c.req.valid('param');
    const { recipient } = c.req.valid('json');
    const uid = c.get('identity').uid;
    return c.json(await recordManualSend(database, uid, platform, recipient), 201);
  });

  const limits = createRoute({
    method: 'put',
    path: '/outreach/{platform}/limits',
    tags,
    summary: 'Saves the caller’s sending limits on a platform (null: back to the safe defaults).',
    request: { params: platformParams, body: jsonRequest(queueLimitsBody) },
    responses: { 200: jsonResponse(queueStatusAnswer, 'The sending status with the new limits') },
  });
  openRoute(app, limits, async (c) => {
    const { platform } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await saveQueueLimits(database, c.get('identity').uid, platform, body.limits));
  });

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    const route = createRoute({
      method: 'post',
      path: `/outreach/{platform}/${action}`,
      tags,
      summary: paused ? 'Pauses sending on a platform.' : 'Resumes sending on a platform.',
      request: { params: platformParams },
      responses: { 200: jsonResponse(queueStatusAnswer, 'The sending status') },
    });
    openRoute(app, route, async (c) => {
      const { platform } = c.req.valid('param');
      return c.json(await setSendingPaused(database, c.get('identity').uid, platform, paused));
    });
  }

  return app;
}
