import { defineModule } from '../manifest';
import { adminFlagRoutes } from './flags-routes';
import { adminUserRoutes } from './users-routes';

export const adminModule = defineModule({
  name: 'admin',
  api: [adminUserRoutes, adminFlagRoutes],
});
