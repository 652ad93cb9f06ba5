import { defineModule } from '../manifest';

/** sync: a library for other modules (no routes, queues or workers of its own). */
export const syncModule = defineModule({
  name: 'sync',
});
