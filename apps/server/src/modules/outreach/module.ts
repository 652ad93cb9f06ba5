import { defineModule } from '../manifest';
import { outreachSenderRoutes, outreachTeamRoutes } from './routes';

export const outreachModule = defineModule({
  name: 'outreach',
  api: [outreachTeamRoutes, outreachSenderRoutes],
});
