import { defineModule } from '../manifest';
import { connectionRoutes } from './routes';

export const connectionsModule = defineModule({
  name: 'connections',
  api: [connectionRoutes],
});
