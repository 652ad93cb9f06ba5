import { defineModule } from '../manifest';
import { taskRoutes } from './routes';

export const tasksModule = defineModule({
  name: 'tasks',
  api: [taskRoutes],
});
