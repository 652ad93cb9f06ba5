/**
 * The code of every screen that loads on demand, by its ROUTES path, each loaded at most once.
 * Apart from screens.tsx (React, in the app's chunk) so that main.tsx, in the small entry
 * chunk, can start loading the screen at the address the app opens on as soon as the first
 * data requests have left: its code then loads alongside the app's own chunk instead of after
 * it, and is in hand when the guard lets the screen render (see lazyScreen.ts).
 */
import { matchRoute } from '@leadloom/core';
import type { ComponentType } from 'react';

type ScreenLoader = () => Promise<ComponentType>;

/** A loader that loads once (and again after a failure, e.g. the network dropped). */
function once(load: ScreenLoader): ScreenLoader {
  let loading: Promise<ComponentType> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

export const SCREEN_MODULES: Readonly<Record<string, ScreenLoader>> = {
  '/login/:action?/:inviteCode?': once(() =>
    import('../features/auth/LoginPage').then((m) => m.LoginPage),
  ),
  '/secret-login/:action?/:inviteCode?': once(() =>
    import('../features/auth/LoginPage').then((m) => m.LoginPage),
  ),
  '/logout': once(() => import('../features/auth/LogoutPage').then((m) => m.LogoutPage)),
  '/login-admin': once(() =>
    import('../features/auth/AdminLoginPage').then((m) => m.AdminLoginPage),
  ),
  '/password-reset': once(() =>
    import('../features/auth/PasswordResetPage').then((m) => m.PasswordResetPage),
  ),
  '/accept-terms': once(() =>
    import('../features/auth/AcceptTermsPage').then((m) => m.AcceptTermsPage),
  ),
  '/maintenance': once(() =>
    import('../features/maintenance/MaintenancePage').then((m) => m.MaintenancePage),
  ),
  '/authorize': once(() => import('../features/auth/AuthorizePage').then((m) => m.AuthorizePage)),
  '/contacts/table/:pipelineID?': once(() =>
    import('../features/table/TableView').then((m) => m.TableView),
  ),
  '/contact/:GTID/:tab?/:pipelineID?': once(() =>
    import('../features/contact/ContactPage').then((m) => m.ContactPage),
  ),
  '/profile/:tab?/:version?': once(() =>
    import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  ),
  '/admin/:tab?': once(() => import('../features/admin/AdminPage').then((m) => m.AdminPage)),
  '/setup/tags': once(() => import('../features/setup-tags/TagsPage').then((m) => m.TagsPage)),
  '/setup/tags-reconciliation': once(() =>
    import('../features/setup-tags/ReconciliationPage').then((m) => m.ReconciliationPage),
  ),
  '/setup/labels': once(() =>
    import('../features/setup-tags/LabelsPage').then((m) => m.LabelsPage),
  ),
  '/setup/pipelines/:pipelineID?/:tab?/:stageUID?': once(() =>
    import('../features/setup-pipelines/SetupPipelinesPage').then((m) => m.SetupPipelinesPage),
  ),
  '/setup/pipelines-order': once(() =>
    import('../features/setup-pipelines/PipelinesOrderPage').then((m) => m.PipelinesOrderPage),
  ),
  '/setup/messaging': once(() =>
    import('../features/messaging/MessagingPage').then((m) => m.MessagingPage),
  ),
  '/tasks': once(() => import('../features/tasks/TasksPage').then((m) => m.TasksPage)),
  '/dashboard/home': once(() =>
    import('../features/dashboard/HomeDashboard').then((m) => m.HomeDashboard),
  ),
  '/dashboard/kpi': once(() => import('../features/kpi/KpiDashboard').then((m) => m.KpiDashboard)),
  '/dashboard/new-kpi': once(() => import('../features/kpi/NewKpiPage').then((m) => m.NewKpiPage)),
  '/setup/tasks': once(() =>
    import('../features/tasks/TaskTemplatesPage').then((m) => m.TaskTemplatesPage),
  ),
};

/** Starts loading the code of the on-demand screen at `pathname`, if it has one. */
export function preloadScreenModule(pathname: string): void {
  void SCREEN_MODULES[matchRoute(pathname).path]?.().catch(() => undefined);
}
