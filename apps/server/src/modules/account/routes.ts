import { createRoute } from '@hono/zod-openapi';
import {
  acceptTermsBody,
  currentTeamAnswer,
  currentTeamBody,
  initialPasswordBody,
  meAnswer,
  mePatchBody,
  passwordSetAnswer,
  termsAcceptedAnswer,
} from '@leadloom/core';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { me, patchMe, recordTermsAccepted, setFirstPassword, switchTeam } from './service';

const tags = ['account'];

/** The signed-in user's own account (docs/api.md "Account"). */
export function accountRoutes(services: Services) {
  const app = contractRouter();

  const read = createRoute({
    method: 'get',
    path: '/me',
    tags,
    summary: 'The signed-in user: their teams, current team, pipelines and settings.',
    responses: { 200: jsonResponse(meAnswer, 'The user') },
  });
  openRoute(app, read, async (c) => c.json(await me(services, c.get('identity'))));

  const patch = createRoute({
    method: 'patch',
    path: '/me',
    tags,
    summary: 'Changes the user’s name, photo, time zone or default contact view.',
    request: { body: jsonRequest(mePatchBody) },
    responses: { 200: jsonResponse(meAnswer, 'The user as they now are') },
  });
  openRoute(app, patch, async (c) =>
    c.json(await patchMe(services, c.get('identity'), c.req.valid('json'))),
  );

  const currentTeam = createRoute({
    method: 'put',
    path: '/me/current-team',
    tags,
    summary: 'Sets the team new tabs start in; a team the user is not in answers 404.',
    request: { body: jsonRequest(currentTeamBody) },
    responses: { 200: jsonResponse(currentTeamAnswer, 'The current team') },
  });
  openRoute(app, currentTeam, async (c) => {
    const { teamUID } = c.req.valid('json');
    await switchTeam(services, c.get('identity').uid, teamUID);
    return c.json({ teamUID });
  });

  const terms = createRoute({
    method: 'post',
    path: '/me/accept-terms',
    tags,
    summary: 'Records that the user accepted the current terms.',
    request: { body: jsonRequest(acceptTermsBody) },
    responses: { 200: jsonResponse(termsAcceptedAnswer, 'The terms version accepted') },
  });
  openRoute(app, terms, async (c) => {
    const { version } = c.req.valid('json');
    await recordTermsAccepted(services, c.get('identity').uid, version);
    return c.json({ termsVersion: version });
  });

  const initialPassword = createRoute({
    method: 'post',
    path: '/me/initial-password',
    tags,
    summary: 'An invited user’s first password; once only.',
    request: { body: jsonRequest(initialPasswordBody(services.config.passwordMinLength)) },
    responses: { 200: jsonResponse(passwordSetAnswer, 'The password is set') },
  });
  openRoute(app, initialPassword, async (c) => {
    const { password } = c.req.valid('json');
    await setFirstPassword(services, c.get('identity').uid, password);
    return c.json({ passwordSet: true as const });
  });
  return app;
}
