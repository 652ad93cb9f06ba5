import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { signUpThrottle } from '../../auth/throttle';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { signUp } from './service';

function signUpSchema(minPasswordLength: number) {
  return z.object({
    name: z.string().trim().min(1, 'Enter your name.').max(200),
    email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.').max(254)),
    password: z
      .string()
      .min(minPasswordLength, `The password needs at least ${minPasswordLength} characters.`)
      .max(128, 'The password can have at most 128 characters.'),
    teamName: z.string().trim().min(1, 'Enter a team name.').max(200),
  });
}

/** Public: sign-up creates the account, its team on a trial, and signs the user in. */
export function signupRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const schema = signUpSchema(services.config.passwordMinLength);
  app.post('/signup', signUpThrottle(services), async (c) => {
    const body = await jsonBody(c, schema);
    const { uid, teamUID, headers } = await signUp(services, body);
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ uid, teamUID }, 201);
  });
  return app;
}
