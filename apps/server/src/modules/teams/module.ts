import { defineModule } from '../manifest';
import { adminTeamRoutes } from './admin-routes';
import { invitationRoutes, teamInvitationRoutes } from './invitation-routes';
import { teamRoutes } from './routes';

export const teamsModule = defineModule({
  name: 'teams',
  api: [teamRoutes, teamInvitationRoutes, adminTeamRoutes],
  publicApi: [invitationRoutes],
});
