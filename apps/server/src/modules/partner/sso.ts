import { DomainError } from '@leadloom/core';
import { z } from 'zod';
import type { Identity } from '../../auth/identity-token';
import type { Services } from '../../services';
import { partnerHost } from './domains';

/**
 * Partner single-sign-on links (SPEC §2, §7 `v2-auth-generateCFToken`): a short-lived JWT for one
 * partner domain (`aud` = the domain), signed with better-auth's jwt plugin so the partner checks
 * it against our JWKS (`/api/auth/jwks`). Only domains on the PARTNER_DOMAINS allow-list get one:
 * the token names the user, so it must never be handed to an arbitrary site.
 */

/** Long enough to open the page; a link shared later is worthless. */
export const PARTNER_TOKEN_SECONDS = 5 * 60;

export const partnerTokenSchema = z.object({
  domain: z.string().trim().min(1).max(253),
  redirect_to: z.url({ protocol: /^https$/ }),
});

export async function generatePartnerToken(
  services: Services,
  identity: Identity,
  data: z.infer<typeof partnerTokenSchema>,
  now = Date.now(),
): Promise<{ token: string }> {
  const host = partnerHost(data.domain.toLowerCase());
  if (!host) {
    throw new DomainError('invalid-argument', `"${data.domain}" is not an https domain.`, 'domain');
  }
  if (!services.config.partnerDomains.includes(host)) {
    throw new DomainError(
      'permission-denied',
      `"${host}" is not a partner domain; ask an administrator to add it to PARTNER_DOMAINS.`,
      'domain',
    );
  }
  if (new URL(data.redirect_to).host !== host) {
    throw new DomainError(
      'invalid-argument',
      `redirect_to must be a page of ${host}, the domain the token is for.`,
      'redirect_to',
    );
  }
  const iat = Math.floor(now / 1000);
  const { token } = await services.auth.api.signJWT({
    body: {
      payload: {
        sub: identity.uid,
        email: identity.email,
        aud: host,
        iat,
        exp: iat + PARTNER_TOKEN_SECONDS,
      },
    },
  });
  return { token };
}
