import { defineModule } from '../manifest';
import { planRoutes } from './routes';

export const plansModule = defineModule({
  name: 'plans',
  api: [planRoutes],
});
