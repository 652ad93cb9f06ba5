import { defineModule } from '../manifest';
import { appAddressRoutes } from './app-address-routes';
import { settingsRoutes } from './routes';

export const settingsModule = defineModule({
  name: 'settings',
  api: [settingsRoutes],
  publicApi: [appAddressRoutes],
});
