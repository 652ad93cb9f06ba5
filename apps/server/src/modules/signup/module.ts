import { defineModule } from '../manifest';
import { signupRoutes } from './routes';

export const signupModule = defineModule({
  name: 'signup',
  publicApi: [signupRoutes],
});
