import { defineModule } from '../manifest';
import { adminTeamRoutes } from './admin-routes';
import { invitationRoutes } from './invitation-routes';
import { teamRoutes } from './routes';

export const teamsModule = defineModule({
  name: 'teams',
  api: [teamRoutes, adminTeamRoutes],
  publicApi: [invitationRoutes],
});
