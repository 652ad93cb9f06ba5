import { lazy, type ComponentType } from 'react';
import { AcceptTermsPage } from '../features/auth/AcceptTermsPage';
import { AdminLoginPage } from '../features/auth/AdminLoginPage';
import { AuthorizePage } from '../features/auth/AuthorizePage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { MaintenancePage } from '../features/maintenance/MaintenancePage';
import { PasswordResetPage } from '../features/auth/PasswordResetPage';
import { PipelineView } from '../features/pipeline/PipelineView';
import { RouteRedirect } from './redirects';

// Screens most people open rarely load on demand, so the first paint of the board does not wait
// for them (routes wrap every screen in Suspense).
const AdminPage = lazy(() =>
  import('../features/admin/AdminPage').then((m) => ({ default: m.AdminPage })),
);
const SetupPipelinesPage = lazy(() =>
  import('../features/setup-pipelines/SetupPipelinesPage').then((m) => ({
    default: m.SetupPipelinesPage,
  })),
);
const PipelinesOrderPage = lazy(() =>
  import('../features/setup-pipelines/PipelinesOrderPage').then((m) => ({
    default: m.PipelinesOrderPage,
  })),
);
const TagsPage = lazy(() =>
  import('../features/setup-tags/TagsPage').then((m) => ({ default: m.TagsPage })),
);
const ReconciliationPage = lazy(() =>
  import('../features/setup-tags/ReconciliationPage').then((m) => ({
    default: m.ReconciliationPage,
  })),
);
const LabelsPage = lazy(() =>
  import('../features/setup-tags/LabelsPage').then((m) => ({ default: m.LabelsPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);

/**
 * The screens built so far, by their ROUTES path. Every other route renders
 * `ScreenPlaceholder` until its issue lands.
 */
export const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/': RouteRedirect,
  '/members/profile/:GTID': RouteRedirect,
  '/signin': RouteRedirect,
  '/login/:action?/:inviteCode?': LoginPage,
  '/secret-login/:action?/:inviteCode?': LoginPage,
  '/logout': LogoutPage,
  '/login-admin': AdminLoginPage,
  '/password-reset': PasswordResetPage,
  '/accept-terms': AcceptTermsPage,
  '/maintenance': MaintenancePage,
  '/authorize': AuthorizePage,
  '/contacts/pipeline/:pipelineID?/:stageUID?': PipelineView,
  '/profile/:tab?/:version?': ProfilePage,
  '/admin/:tab?': AdminPage,
  '/setup/pipelines/:pipelineID?/:tab?/:stageUID?': SetupPipelinesPage,
  '/setup/pipelines-order': PipelinesOrderPage,
  '/setup/tags': TagsPage,
  '/setup/tags-reconciliation': ReconciliationPage,
  '/setup/labels': LabelsPage,
};
