import type { ComponentType } from 'react';
import { matchRoute } from '@leadloom/core';
import { PipelineView } from '../features/pipeline/PipelineView';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import { RouteRedirect } from './redirects';
import { TableScreen } from './tableScreen';

// Every screen but the board (where the app opens) loads on demand, so the board's first paint
// does not wait for their code (routes wrap every screen in Suspense).
const LoginPage = lazyScreen(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const LogoutPage = lazyScreen(() =>
  import('../features/auth/LogoutPage').then((m) => m.LogoutPage),
);
const AdminLoginPage = lazyScreen(() =>
  import('../features/auth/AdminLoginPage').then((m) => m.AdminLoginPage),
);
const PasswordResetPage = lazyScreen(() =>
  import('../features/auth/PasswordResetPage').then((m) => m.PasswordResetPage),
);
const AcceptTermsPage = lazyScreen(() =>
  import('../features/auth/AcceptTermsPage').then((m) => m.AcceptTermsPage),
);
const MaintenancePage = lazyScreen(() =>
  import('../features/maintenance/MaintenancePage').then((m) => m.MaintenancePage),
);
const AuthorizePage = lazyScreen(() =>
  import('../features/auth/AuthorizePage').then((m) => m.AuthorizePage),
);
const ContactPage = lazyScreen(() =>
  import('../features/contact/ContactPage').then((m) => m.ContactPage),
);
const ProfilePage = lazyScreen(() =>
  import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
);
const AdminPage = lazyScreen(() => import('../features/admin/AdminPage').then((m) => m.AdminPage));
const TagsPage = lazyScreen(() =>
  import('../features/setup-tags/TagsPage').then((m) => m.TagsPage),
);
const ReconciliationPage = lazyScreen(() =>
  import('../features/setup-tags/ReconciliationPage').then((m) => m.ReconciliationPage),
);
const LabelsPage = lazyScreen(() =>
  import('../features/setup-tags/LabelsPage').then((m) => m.LabelsPage),
);
const SetupPipelinesPage = lazyScreen(() =>
  import('../features/setup-pipelines/SetupPipelinesPage').then((m) => m.SetupPipelinesPage),
);
const PipelinesOrderPage = lazyScreen(() =>
  import('../features/setup-pipelines/PipelinesOrderPage').then((m) => m.PipelinesOrderPage),
);
const MessagingPage = lazyScreen(() =>
  import('../features/messaging/MessagingPage').then((m) => m.MessagingPage),
);
const TasksPage = lazyScreen(() => import('../features/tasks/TasksPage').then((m) => m.TasksPage));
const HomeDashboard = lazyScreen(() =>
  import('../features/dashboard/HomeDashboard').then((m) => m.HomeDashboard),
);
const KpiDashboard = lazyScreen(() =>
  import('../features/kpi/KpiDashboard').then((m) => m.KpiDashboard),
);
const NewKpiPage = lazyScreen(() => import('../features/kpi/NewKpiPage').then((m) => m.NewKpiPage));
const ExtensionSetupPage = lazyScreen(() =>
  import('../features/extension/ExtensionSetupPage').then((m) => m.ExtensionSetupPage),
);
const MessagesPage = lazyScreen(() =>
  import('../features/outreach/MessagesPage').then((m) => m.MessagesPage),
);
const QueueSetupPage = lazyScreen(() =>
  import('../features/outreach/QueueSetupPage').then((m) => m.QueueSetupPage),
);
const ProcessorPage = lazyScreen(() =>
  import('../features/outreach/ProcessorPage').then((m) => m.ProcessorPage),
);
const WorkflowsScreen = lazyScreen(() =>
  import('../features/workflows/WorkflowsScreen').then((m) => m.WorkflowsScreen),
);
const TaskTemplatesPage = lazyScreen(() =>
  import('../features/tasks/TaskTemplatesPage').then((m) => m.TaskTemplatesPage),
);

/**
 * The screens built so far, by their ROUTES path. Every other route renders
 * `ScreenPlaceholder` until its issue lands.
 */
export const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/': RouteRedirect,
  '/members/profile/:GTID': RouteRedirect,
  '/signin': RouteRedirect,
  '/contacts/pipeline/:pipelineID?/:stageUID?': PipelineView,
  '/login/:action?/:inviteCode?': LoginPage,
  '/secret-login/:action?/:inviteCode?': LoginPage,
  '/logout': LogoutPage,
  '/login-admin': AdminLoginPage,
  '/password-reset': PasswordResetPage,
  '/accept-terms': AcceptTermsPage,
  '/maintenance': MaintenancePage,
  '/authorize': AuthorizePage,
  '/contacts/table/:pipelineID?': TableScreen,
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
  '/setup/extension': ExtensionSetupPage,
  '/messages/:tab?/:platform?': MessagesPage,
  '/setup/queue/:platform?': QueueSetupPage,
  '/queue/:platform': ProcessorPage,
  '/workflows/:workflowId?': WorkflowsScreen,
};

/** Whether the screen at `pathname` is built (the navigation shows the others as coming). */
export function hasScreen(pathname: string): boolean {
  return SCREENS[matchRoute(pathname).path] !== undefined;
}

/**
 * Loads the code of the screen at `pathname` when it loads on demand, and has the screen render
 * from the moment it is in hand. Called as the app mounts, long before the guard lets the
 * screen render: the screen then comes in the same commit as the layout instead of suspending
 * after it (main.tsx loads the table's code before the app mounts).
 */
export function preloadScreen(pathname: string): void {
  const screen = SCREENS[matchRoute(pathname).path];
  if (screen && 'preload' in screen) void (screen as LazyScreen).preload();
}
