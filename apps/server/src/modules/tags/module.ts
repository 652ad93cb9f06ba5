import { defineModule } from '../manifest';
import { tagRoutes } from './routes';

export const tagsModule = defineModule({
  name: 'tags',
  api: [tagRoutes],
});
