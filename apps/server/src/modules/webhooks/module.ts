import { defineModule } from '../manifest';

/**
 * webhooks: a library for other modules (no routes, queues or workers of its own): the Standard
 * Webhooks signer and verifier, `whsec_` secrets, and the SSRF-guarded sender that the workflow
 * engine's "send a signed webhook" action and the sync engine's webhook adapter call.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
});
