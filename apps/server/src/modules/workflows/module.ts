import { defineModule } from '../manifest';
import { startWorkflowEngine, WORKFLOW_RUNS_QUEUE } from './engine';
import { workflowRoutes } from './routes';

export const workflowsModule = defineModule({
  name: 'workflows',
  api: [workflowRoutes],
  queues: [WORKFLOW_RUNS_QUEUE],
  start: startWorkflowEngine,
});
