import { z } from 'zod';
import { passwordSchema } from './account';

/** Public sign-up (docs/api.md "Sign-up"): an account that owns a new team on a trial. */

/** POST /api/signup. */
export const signupBody = (minPasswordLength: number) =>
  z.object({
    name: z.string().trim().min(1, 'Enter your name.').max(200),
    email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.').max(254)),
    password: passwordSchema(minPasswordLength),
    teamName: z.string().trim().min(1, 'Enter a team name.').max(200),
  });
export type SignupBody = z.infer<ReturnType<typeof signupBody>>;

/** POST /api/signup/confirm: the token of the mailed link (32 random bytes, base64url). */
export const signupConfirmBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-up link is not valid. Sign up again.'),
});

/** 201: the account and its team are made, and the user is signed in (session cookie). */
export const signedUpAnswer = z.object({ uid: z.string(), teamUID: z.string() });
export type SignedUp = z.infer<typeof signedUpAnswer>;

/** 202: with mail, every sign-up answers alike; the link to finish it is mailed. */
export const signupCheckMailAnswer = z.object({ status: z.literal('check-mail') });
export type SignupCheckMail = z.infer<typeof signupCheckMailAnswer>;
