import { createRoute } from '@hono/zod-openapi';
import { analyticsEventRecorded, analyticsEventsAnswer } from '@leadloom/core';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { eventBodySchema, listEvents, listQuerySchema, recordEvent } from './service';

const tags = ['analytics'];

export function analyticsRoutes(services: Services) {
  const app = contractRouter();

  const record = createRoute({
    method: 'post',
    path: '/analytics/events',
    tags,
    summary: "Records a product analytics event (SPEC §7) for the caller's team.",
    request: { body: jsonRequest(eventBodySchema) },
    responses: { 201: jsonResponse(analyticsEventRecorded, 'The event, recorded') },
  });
  openRoute(app, record, async (c) =>
    c.json(await recordEvent(services, c.get('identity').uid, c.req.valid('json')), 201),
  );

  const list = createRoute({
    method: 'get',
    path: '/admin/analytics',
    tags: ['admin'],
    summary: 'The newest analytics events (super admins only).',
    middleware: [requireSuper],
    request: { query: listQuerySchema },
    responses: { 200: jsonResponse(analyticsEventsAnswer, 'The events') },
  });
  documentRoute(app, list);
  // The service reads the query itself (its one message for any bad limit).
  const { request: _request, ...answered } = list;
  openRoute(app, { ...answered, hide: true }, async (c) =>
    c.json(await listEvents(services, c.req.query())),
  );

  return app;
}
