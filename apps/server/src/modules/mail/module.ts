import { defineModule } from '../manifest';

/** mail: a library for other modules (no routes, queues or workers of its own). */
export const mailModule = defineModule({
  name: 'mail',
});
