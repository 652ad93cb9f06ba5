import { defineModule } from '../manifest';
import { activityRoutes } from './routes';

export const activitiesModule = defineModule({
  name: 'activities',
  api: [activityRoutes],
});
