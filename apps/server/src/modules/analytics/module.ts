import { defineModule } from '../manifest';
import { analyticsRoutes } from './routes';

export const analyticsModule = defineModule({
  name: 'analytics',
  api: [analyticsRoutes],
});
