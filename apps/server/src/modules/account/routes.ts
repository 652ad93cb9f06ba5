import { DEFAULT_CONTACT_VIEWS, httpUrlSchema, isTimeZone, TERMS_VERSION } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { me, patchMe, recordTermsAccepted, setFirstPassword, switchTeam } from './service';

const patchSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(200).optional(),
    photoURL: httpUrlSchema('Photo URL').nullable().optional(),
    timeZone: z
      .string()
      .refine(isTimeZone, 'Choose a time zone such as Europe/Berlin.')
      .nullable()
      .optional(),
    defaultContactView: z.enum(DEFAULT_CONTACT_VIEWS).optional(),
  })
  .strict();

const currentTeamSchema = z.object({ teamUID: z.string().min(1).max(64) });

const termsSchema = z.object({
  version: z.literal(TERMS_VERSION, `Accept the current terms (version ${TERMS_VERSION}).`),
});

export function accountRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const passwordSchema = z.object({
    password: z
      .string()
      .min(
        services.config.passwordMinLength,
        `The password needs at least ${services.config.passwordMinLength} characters.`,
      )
      .max(128, 'The password can have at most 128 characters.'),
  });

  app.get('/me', async (c) => c.json(await me(services, c.get('identity'))));

  app.patch('/me', async (c) => {
    const body = await jsonBody(c, patchSchema);
    return c.json(await patchMe(services, c.get('identity'), body));
  });

  app.put('/me/current-team', async (c) => {
    const { teamUID } = await jsonBody(c, currentTeamSchema);
    await switchTeam(services, c.get('identity').uid, teamUID);
    return c.json({ teamUID });
  });

  app.post('/me/accept-terms', async (c) => {
    const { version } = await jsonBody(c, termsSchema);
    await recordTermsAccepted(services, c.get('identity').uid, version);
    return c.json({ termsVersion: version });
  });

  app.post('/me/initial-password', async (c) => {
    const { password } = await jsonBody(c, passwordSchema);
    await setFirstPassword(services, c.get('identity').uid, password);
    return c.json({ passwordSet: true });
  });
  return app;
}
