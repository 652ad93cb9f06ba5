import { defineModule } from '../manifest';

/** partner: a library for other modules (no routes, queues or workers of its own). */
export const partnerModule = defineModule({
  name: 'partner',
});
