import { dashboardRoutes } from '../modules/dashboard/routes';
import { kpiRoutes } from '../modules/kpis/routes';
import { taskTemplateRoutes } from '../modules/task-templates/routes';
import { taskRoutes } from '../modules/tasks/routes';
import { messageTemplateRoutes } from '../modules/message-templates/routes';
import type { Hono } from 'hono';
import { accountRoutes } from '../modules/account/routes';
import { activityRoutes } from '../modules/activities/routes';
import { noteRoutes } from '../modules/notes/routes';
import { answerRoutes } from '../modules/answers/routes';
import { contactLabelRoutes } from '../modules/contact-labels/routes';
import { contactTagRoutes } from '../modules/contact-tags/routes';
import { dealRoutes } from '../modules/deals/routes';
import { analyticsRoutes } from '../modules/analytics/routes';
import { bootRoutes } from '../modules/boot/routes';
import { mintTokenRoutes } from '../modules/account/mint-token-routes';
import { adminFlagRoutes } from '../modules/admin/flags-routes';
import { adminUserRoutes } from '../modules/admin/users-routes';
import { boardRoutes } from '../modules/board/routes';
import { contactRoutes } from '../modules/contacts/routes';
import { connectionRoutes } from '../modules/connections/routes';
import { extensionRoutes, extensionSessionRoutes } from '../modules/extension/routes';
import { functionRoutes } from '../modules/functions/routes';
import { labelRoutes } from '../modules/labels/routes';
import { notificationRoutes } from '../modules/notifications/routes';
import { pipelineRoutes } from '../modules/pipelines/routes';
import { planRoutes } from '../modules/plans/routes';
import { appAddressRoutes } from '../modules/settings/app-address-routes';
import { settingsRoutes } from '../modules/settings/routes';
import { searchRoutes } from '../modules/search/routes';
import { signupRoutes } from '../modules/signup/routes';
import { tagRoutes } from '../modules/tags/routes';
import { adminTeamRoutes } from '../modules/teams/admin-routes';
import { invitationRoutes } from '../modules/teams/invitation-routes';
import { teamRoutes } from '../modules/teams/routes';
import { realtimeRoutes } from '../realtime/routes';
import type { Services } from '../services';
import type { AppEnv } from './env';
import { bulkRoutes, v2BulkRoutes } from '../modules/bulk/routes';
import { exportRoutes } from '../modules/export/routes';
import { filterSetRoutes } from '../modules/filter-sets/routes';

/**
 * Every module's API router, mounted under /api behind requireIdentity. The tenant-isolation
 * test walks the resulting route table: a team-scoped route without a fixture fails it.
 */
export const API_MODULES: ((services: Services) => Hono<AppEnv>)[] = [
  accountRoutes,
  boardRoutes,
  functionRoutes,
  adminUserRoutes,
  teamRoutes,
  planRoutes,
  adminTeamRoutes,
  settingsRoutes,
  adminFlagRoutes,
  bootRoutes,
  analyticsRoutes,
  notificationRoutes,
  extensionRoutes,
  contactRoutes,
  activityRoutes,
  noteRoutes,
  tagRoutes,
  labelRoutes,
  pipelineRoutes,
  connectionRoutes,
  contactLabelRoutes,
  contactTagRoutes,
  dealRoutes,
  answerRoutes,
  realtimeRoutes,
  bulkRoutes,
  exportRoutes,
  messageTemplateRoutes,
  taskRoutes,
  filterSetRoutes,
  taskTemplateRoutes,
  dashboardRoutes,
  kpiRoutes,
];

/** Routers that need no identity token (sign-up, invitation look-up); mounted under /api. */
export const PUBLIC_API_MODULES: ((services: Services) => Hono<AppEnv>)[] = [
  signupRoutes,
  mintTokenRoutes,
  invitationRoutes,
  extensionSessionRoutes,
  appAddressRoutes,
];

/**
 * Routers at the spec's own paths, outside /api (DESIGN §6: `/v2`, later `/v2/bulk`, `/v2/ai/*`);
 * mounted at the root. Each authenticates itself (the spec's search answers "User not logged in"
 * without a token, where /api answers 401).
 */
export const SPEC_PATH_MODULES: ((services: Services) => Hono<AppEnv>)[] = [
  searchRoutes,
  v2BulkRoutes,
];
