import { defineModule } from '../manifest';
import { extensionDownloadRoutes, extensionRoutes, extensionSessionRoutes } from './routes';

export const extensionModule = defineModule({
  name: 'extension',
  api: [extensionRoutes],
  publicApi: [extensionSessionRoutes],
  root: [extensionDownloadRoutes],
});
