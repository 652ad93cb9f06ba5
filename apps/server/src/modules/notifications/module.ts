import { defineModule } from '../manifest';
import { notificationRoutes } from './routes';

export const notificationsModule = defineModule({
  name: 'notifications',
  api: [notificationRoutes],
});
