import { defineModule } from '../manifest';
import { mintTokenRoutes } from './mint-token-routes';
import { accountRoutes } from './routes';

export const accountModule = defineModule({
  name: 'account',
  api: [accountRoutes],
  publicApi: [mintTokenRoutes],
});
