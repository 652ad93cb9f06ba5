import { defineModule } from '../manifest';
import { adminTeamRoutes } from './admin-routes';
import { invitationRoutes, teamInvitationRoutes } from './invitation-routes';
import { memberRoutes } from './member-routes';

export const teamsModule = defineModule({
  name: 'teams',
  api: [memberRoutes, teamInvitationRoutes, adminTeamRoutes],
  publicApi: [invitationRoutes],
});
