import { z } from 'zod';
import type { Identity } from '../../auth/identity-token';
import type { Services } from '../../services';
import { generatePartnerToken, partnerTokenSchema } from '../partner/sso';
import { publishedWebAppVersion } from '../settings/app-version';

/**
 * Callable functions (SPEC §7): POST `{data}` to a function by name, answer `{result}`. Each
 * function validates its own `data`.
 */
export interface CallableFunction<S extends z.ZodType = z.ZodType> {
  schema: S;
  run(services: Services, identity: Identity, data: z.infer<S>): Promise<unknown>;
}

const define = <S extends z.ZodType>(fn: CallableFunction<S>) => fn as unknown as CallableFunction;

export const FUNCTIONS: Record<string, CallableFunction> = {
  /** SPEC §7 "Get web app version": the published version (this build's by default). */
  'v2-app-getWebAppVersion': define({
    schema: z.object({}).strict().optional(),
    async run(services) {
      return { version: (await publishedWebAppVersion(services)).value };
    },
  }),
  /** SPEC §7: a single-sign-on token for a partner domain (see modules/partner/sso.ts). */
  'v2-auth-generateCFToken': define({
    schema: partnerTokenSchema,
    run: (services, identity, data) => generatePartnerToken(services, identity, data),
  }),
};
