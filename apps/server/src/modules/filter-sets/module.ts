import { defineModule } from '../manifest';
import { filterSetRoutes } from './routes';

export const filterSetsModule = defineModule({
  name: 'filter-sets',
  api: [filterSetRoutes],
});
