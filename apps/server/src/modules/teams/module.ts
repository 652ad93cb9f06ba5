import { defineModule } from '../manifest';
import { adminTeamRoutes } from './admin-routes';
import { invitationRoutes } from './invitation-routes';
import { memberRoutes } from './member-routes';
import { teamRoutes } from './routes';

export const teamsModule = defineModule({
  name: 'teams',
  api: [memberRoutes, teamRoutes, adminTeamRoutes],
  publicApi: [invitationRoutes],
});
