import { defineModule } from '../manifest';
import { labelRoutes } from './routes';

export const labelsModule = defineModule({
  name: 'labels',
  api: [labelRoutes],
});
