import { defineModule } from '../manifest';
import { functionRoutes } from './routes';

export const functionsModule = defineModule({
  name: 'functions',
  api: [functionRoutes],
});
