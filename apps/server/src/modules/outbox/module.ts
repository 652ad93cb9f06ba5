import { defineModule } from '../manifest';
import { OUTBOX_RETENTION_QUEUE, workOutboxRetention } from './retention';
import { OUTBOX_QUEUES } from './worker';

/**
 * outbox: the dispatcher that hands outbox rows to the consumer of their kind (the workflow
 * engine, the sync engine start theirs with `startOutboxConsumer`); its own worker deletes
 * finished rows after the retention. No routes.
 */
export const outboxModule = defineModule({
  name: 'outbox',
  queues: [...OUTBOX_QUEUES, OUTBOX_RETENTION_QUEUE],
  start: workOutboxRetention,
});
