import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { signUpThrottle } from '../../auth/throttle';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { confirmSignUp, requestSignUp } from './pending';
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

/** A confirmation token as mailed: 32 random bytes, base64url. */
const confirmSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-up link is not valid. Sign up again.'),
});

/**
 * Public sign-up: the account, its team on a trial, and the user signed in.
 *
 * Without mail (no SMTP_URL) that happens at once, and an address with an account gets 409: the
 * answer tells whether an address is registered, which the throttle keeps slow. With mail, every
 * sign-up answers 202 `check-mail` alike: a new address is mailed a link to /login/signup/confirm
 * (which posts to /api/signup/confirm to make the account), a registered one a notice.
 */
export function signupRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const schema = signUpSchema(services.config.passwordMinLength);
  app.post('/signup', signUpThrottle(services), async (c) => {
    const body = await jsonBody(c, schema);
    if (services.config.smtpUrl) {
      await requestSignUp(services, body);
      return c.json({ status: 'check-mail' as const }, 202);
    }
    const { uid, teamUID, headers } = await signUp(services, body);
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ uid, teamUID }, 201);
  });
  app.post('/signup/confirm', async (c) => {
    const { token } = await jsonBody(c, confirmSchema);
    const { uid, teamUID, headers } = await confirmSignUp(services, token);
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ uid, teamUID }, 201);
  });
  return app;
}
