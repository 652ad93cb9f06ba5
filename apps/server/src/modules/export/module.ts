import { defineModule } from '../manifest';
import { exportRoutes } from './routes';

export const exportModule = defineModule({
  name: 'export',
  api: [exportRoutes],
});
