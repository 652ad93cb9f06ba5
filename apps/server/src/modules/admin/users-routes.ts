import { createRoute } from '@hono/zod-openapi';
import {
  adminMailAnswer,
  adminMailQuery,
  adminResetSentAnswer,
  adminSuperAnswer,
  adminSuperBody,
  adminUserBannedAnswer,
  adminUsersAnswer,
  adminUsersQuery,
  adminUserUid,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { disableUser, grantSuper, listMail, listUsers, sendResetLink } from './users-service';

const uidParams = z.object({ uid: adminUserUid });
const admin = { tags: ['admin'], middleware: [requireSuper] };

/** Super-admin user management and the mail log (SPEC §2 /admin); others get 404. */
export function adminUserRoutes(services: Services) {
  const app = contractRouter();

  const users = createRoute({
    method: 'get',
    path: '/admin/users',
    ...admin,
    summary: 'Users by name, e-mail or uid, with their teams (super admins only).',
    request: { query: adminUsersQuery },
    responses: { 200: jsonResponse(adminUsersAnswer, 'The first 100 users found') },
  });
  openRoute(app, users, async (c) =>
    c.json({ users: await listUsers(services, c.req.valid('query').q) }),
  );

  for (const [action, on, summary] of [
    ['disable', true, 'Bans a user: every session ends, sign-in is refused (super admins only).'],
    ['enable', false, 'Lifts a ban (super admins only).'],
  ] as const) {
    const toggle = createRoute({
      method: 'post',
      path: `/admin/users/{uid}/${action}`,
      ...admin,
      summary,
      request: { params: uidParams },
      responses: { 200: jsonResponse(adminUserBannedAnswer, 'Whether the user is now banned') },
    });
    openRoute(app, toggle, async (c) => {
      const { uid } = c.req.valid('param');
      await disableUser(services, c.get('identity').uid, uid, on);
      return c.json({ uid, banned: on });
    });
  }

  const grant = createRoute({
    method: 'post',
    path: '/admin/users/{uid}/super',
    ...admin,
    summary: 'Grants or removes "super" (super admins only; never one’s own).',
    request: { params: uidParams, body: jsonRequest(adminSuperBody) },
    responses: { 200: jsonResponse(adminSuperAnswer, 'Whether the user is now super') },
  });
  openRoute(app, grant, async (c) => {
    const { uid } = c.req.valid('param');
    const body = c.req.valid('json');
    await grantSuper(services, c.get('identity').uid, uid, body.super);
    return c.json({ uid, isSuper: body.super });
  });

  const reset = createRoute({
    method: 'post',
    path: '/admin/users/{uid}/reset-password',
    ...admin,
    summary: 'Mails the user a password-reset link (super admins only).',
    request: { params: uidParams },
    responses: { 200: jsonResponse(adminResetSentAnswer, 'The link is mailed') },
  });
  openRoute(app, reset, async (c) => {
    await sendResetLink(services, c.req.valid('param').uid);
    return c.json({ sent: true as const });
  });

  const mail = createRoute({
    method: 'get',
    path: '/admin/mail',
    ...admin,
    summary: 'The newest mail sent, links’ secrets masked (super admins only).',
    request: { query: adminMailQuery },
    responses: { 200: jsonResponse(adminMailAnswer, 'The mail, newest first') },
  });
  openRoute(app, mail, async (c) =>
    c.json({ messages: await listMail(services, c.req.valid('query').limit) }),
  );
  return app;
}
