import { createRoute } from '@hono/zod-openapi';
import {
  signedUpAnswer,
  signupBody,
  signupCheckMailAnswer,
  signupConfirmBody,
} from '@leadloom/core';
import { signUpThrottle } from '../../auth/throttle';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { confirmSignUp, requestSignUp } from './pending';
import { signUp } from './service';

const tags = ['sign-up'];
const open = { security: [] };

/**
 * Public sign-up: the account, its team on a trial, and the user signed in.
 *
 * Without mail (no SMTP_URL) that happens at once, and an address with an account gets 409: the
 * answer tells whether an address is registered, which the throttle keeps slow. With mail, every
 * sign-up answers 202 `check-mail` alike: a new address is mailed a link to /login/signup/confirm
 * (which posts to /api/signup/confirm to make the account), a registered one a notice.
 */
export function signupRoutes(services: Services) {
  const app = contractRouter();

  const signup = createRoute({
    method: 'post',
    path: '/signup',
    tags,
    ...open,
    summary: 'Signs up: at once without mail, else by a mailed link.',
    middleware: [signUpThrottle(services)],
    request: { body: jsonRequest(signupBody(services.config.passwordMinLength)) },
    responses: {
      201: jsonResponse(signedUpAnswer, 'The account and its team; signed in'),
      202: jsonResponse(signupCheckMailAnswer, 'With mail: the link to finish is mailed'),
    },
  });
  openRoute(app, signup, async (c) => {
    const body = c.req.valid('json');
    if (services.config.smtpUrl) {
      await requestSignUp(services, body);
      return c.json({ status: 'check-mail' as const }, 202);
    }
    const { uid, teamUID, headers } = await signUp(services, body);
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ uid, teamUID }, 201);
  });

  const confirm = createRoute({
    method: 'post',
    path: '/signup/confirm',
    tags,
    ...open,
    summary: 'Finishes a mailed sign-up: makes the account and team, and signs in.',
    request: { body: jsonRequest(signupConfirmBody) },
    responses: { 201: jsonResponse(signedUpAnswer, 'The account and its team; signed in') },
  });
  openRoute(app, confirm, async (c) => {
    const { token } = c.req.valid('json');
    const { uid, teamUID, headers } = await confirmSignUp(services, token);
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ uid, teamUID }, 201);
  });
  return app;
}
