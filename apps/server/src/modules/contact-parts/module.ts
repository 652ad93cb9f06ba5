import { defineModule } from '../manifest';

/**
 * contact-parts: a library for other modules (no routes, queues or workers of its own): the one
 * visibility check for a contact (access.ts) and the shared checks of its parts (placement.ts).
 * It sits under contacts and the board, so both can use it without a cycle.
 */
export const contactPartsModule = defineModule({
  name: 'contact-parts',
});
