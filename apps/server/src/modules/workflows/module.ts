import { defineModule } from '../manifest';
import { workflowRoutes } from './routes';

export const workflowsModule = defineModule({
  name: 'workflows',
  api: [workflowRoutes],
});
