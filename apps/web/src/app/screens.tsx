import { lazy, type ComponentType } from 'react';
import { PipelineView } from '../features/pipeline/PipelineView';
import { RouteRedirect } from './redirects';

// Every screen but the board (where the app opens) loads on demand, so the board's first paint
// does not wait for their code (routes wrap every screen in Suspense).
const AcceptTermsPage = lazy(() =>
  import('../features/auth/AcceptTermsPage').then((m) => ({ default: m.AcceptTermsPage })),
);
const AdminLoginPage = lazy(() =>
  import('../features/auth/AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })),
);
const AuthorizePage = lazy(() =>
  import('../features/auth/AuthorizePage').then((m) => ({ default: m.AuthorizePage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const LogoutPage = lazy(() =>
  import('../features/auth/LogoutPage').then((m) => ({ default: m.LogoutPage })),
);
const MaintenancePage = lazy(() =>
  import('../features/maintenance/MaintenancePage').then((m) => ({
    default: m.MaintenancePage,
  })),
);
const PasswordResetPage = lazy(() =>
  import('../features/auth/PasswordResetPage').then((m) => ({ default: m.PasswordResetPage })),
);
const AdminPage = lazy(() =>
  import('../features/admin/AdminPage').then((m) => ({ default: m.AdminPage })),
);
const ContactPage = lazy(() =>
  import('../features/contact/ContactPage').then((m) => ({ default: m.ContactPage })),
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
const MessagingPage = lazy(() =>
  import('../features/messaging/MessagingPage').then((m) => ({ default: m.MessagingPage })),
);
const TasksPage = lazy(() =>
  import('../features/tasks/TasksPage').then((m) => ({ default: m.TasksPage })),
);
const TaskTemplatesPage = lazy(() =>
  import('../features/tasks/TaskTemplatesPage').then((m) => ({ default: m.TaskTemplatesPage })),
);
const HomeDashboard = lazy(() =>
  import('../features/dashboard/HomeDashboard').then((m) => ({ default: m.HomeDashboard })),
);
const KpiDashboard = lazy(() =>
  import('../features/kpi/KpiDashboard').then((m) => ({ default: m.KpiDashboard })),
);
const NewKpiPage = lazy(() =>
  import('../features/kpi/NewKpiPage').then((m) => ({ default: m.NewKpiPage })),
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
const TableView = lazy(() =>
  import('../features/table/TableView').then((m) => ({ default: m.TableView })),
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
  '/contacts/table/:pipelineID?': TableView,
  '/contact/:GTID/:tab?/:pipelineID?': ContactPage,
  '/profile/:tab?/:version?': ProfilePage,
  '/admin/:tab?': AdminPage,
  '/setup/tags': TagsPage,
  '/setup/tags-reconciliation': ReconciliationPage,
  '/setup/labels': LabelsPage,
  '/setup/pipelines/:pipelineID?/:tab?/:stageUID?': SetupPipelinesPage,
  '/setup/pipelines-order': PipelinesOrderPage,
  '/setup/messaging': MessagingPage,
  '/tasks': TasksPage,
  '/dashboard/home': HomeDashboard,
  '/dashboard/kpi': KpiDashboard,
  '/dashboard/new-kpi': NewKpiPage,
  '/setup/tasks': TaskTemplatesPage,
};
