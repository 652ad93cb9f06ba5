import { defineModule } from '../manifest';
import { pipelineRoutes } from './routes';

export const pipelinesModule = defineModule({
  name: 'pipelines',
  api: [pipelineRoutes],
});
