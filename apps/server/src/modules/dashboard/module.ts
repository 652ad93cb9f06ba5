import { defineModule } from '../manifest';
import { dashboardRoutes } from './routes';

export const dashboardModule = defineModule({
  name: 'dashboard',
  api: [dashboardRoutes],
});
