import { defineModule } from '../manifest';
import { searchRoutes } from './routes';

export const searchModule = defineModule({
  name: 'search',
  specPaths: [searchRoutes],
});
