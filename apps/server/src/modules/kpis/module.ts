import { defineModule } from '../manifest';
import { kpiRoutes } from './routes';

export const kpisModule = defineModule({
  name: 'kpis',
  api: [kpiRoutes],
});
