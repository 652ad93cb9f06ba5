import { defineModule } from '../manifest';
import { taskTemplateRoutes } from './routes';

export const taskTemplatesModule = defineModule({
  name: 'task-templates',
  api: [taskTemplateRoutes],
});
