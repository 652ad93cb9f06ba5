import { defineModule } from '../manifest';
import { bootRoutes } from './routes';

export const bootModule = defineModule({
  name: 'boot',
  api: [bootRoutes],
});
