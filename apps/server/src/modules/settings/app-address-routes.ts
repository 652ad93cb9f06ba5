import { createRoute } from '@hono/zod-openapi';
import { appAddressAnswer } from '@leadloom/core';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { getSetting } from './service';

/**
 * Public (no token): the "Wrong Web Address!" dialog (SPEC §8) must show on an old host name
 * before anyone signs in there — better-auth only trusts PUBLIC_URL's origin, so a visitor on an
 * old domain could never sign in to learn the list. Neither value is a secret.
 */
export function appAddressRoutes(services: Services) {
  const app = contractRouter();
  const address = createRoute({
    method: 'get',
    path: '/app-address',
    tags: ['settings'],
    summary: "The app's address and the old host names that show the Wrong Web Address dialog.",
    security: [],
    responses: { 200: jsonResponse(appAddressAnswer, 'The addresses') },
  });
  openRoute(app, address, async (c) =>
    c.json({
      appUrl: services.config.publicUrl,
      oldHostnames: await getSetting(services, 'oldHostnames'),
    }),
  );
  return app;
}
