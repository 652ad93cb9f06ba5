import { defineModule } from '../manifest';
import { MEMBER_SYNC_QUEUE, workMemberSync } from './service';

/** The member-data repair job (SPEC §7): no routes, one queue and its worker. */
export const memberSyncModule = defineModule({
  name: 'member-sync',
  queues: [MEMBER_SYNC_QUEUE],
  start: workMemberSync,
});
