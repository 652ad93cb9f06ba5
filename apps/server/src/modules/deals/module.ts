import { defineModule } from '../manifest';
import { dealRoutes } from './routes';

export const dealsModule = defineModule({
  name: 'deals',
  api: [dealRoutes],
});
