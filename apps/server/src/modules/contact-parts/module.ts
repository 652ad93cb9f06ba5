import { defineModule } from '../manifest';

/** contact-parts: a library for other modules (no routes, queues or workers of its own). */
export const contactPartsModule = defineModule({
  name: 'contact-parts',
});
