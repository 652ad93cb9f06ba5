import { defineModule } from '../manifest';
import { boardRoutes } from './routes';

export const boardModule = defineModule({
  name: 'board',
  api: [boardRoutes],
});
