import { defineModule } from '../manifest';
import { MEMBER_SYNC_QUEUE, workMemberSync } from './member-sync';
import { bootRoutes } from './routes';

export const bootModule = defineModule({
  name: 'boot',
  api: [bootRoutes],
  queues: [MEMBER_SYNC_QUEUE],
  start: workMemberSync,
});
