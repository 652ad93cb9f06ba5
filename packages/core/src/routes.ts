/**
 * Every route of SPEC §2, with the screen name used in its title and the two flags the
 * navigation guard needs (SPEC §4): whether it requires a signed-in user, and whether the
 * guard must wait for base data before deciding.
 */
export interface RouteDef {
  /** React Router path pattern. */
  path: string;
  /** Screen name for the page title ("Leadloom 2.0 | {screen}"). */
  screen: string;
  /** Requires a signed-in user (SPEC §2 "Auth"). */
  auth: boolean;
  /** False for routes that need no base data: the guard does not wait for the load state. */
  needsBaseData: boolean;
  /** Rendered outside the main layout (extension layouts, sign-in screens, maintenance). */
  bare?: boolean;
  /** When set, the route only redirects (see `redirectFor`). */
  redirect?: true;
}

const app = (path: string, screen: string): RouteDef => ({
  path,
  screen,
  auth: true,
  needsBaseData: true,
});
const open = (path: string, screen: string, bare = true): RouteDef => ({
  path,
  screen,
  auth: false,
  needsBaseData: false,
  bare,
});

export const ROUTES: readonly RouteDef[] = [
  { ...app('/', 'Home'), redirect: true },
  app('/contacts/pipeline/:pipelineID?/:stageUID?', 'Pipeline View'),
  app('/contacts/table/:pipelineID?', 'Table View'),
  app('/tools/autoResponder', 'Auto-responder'),
  app('/contact/:GTID/:tab?/:pipelineID?', 'Contact'),
  { ...app('/members/profile/:GTID', 'Contact'), redirect: true },
  app('/dashboard/home', 'Home Dashboard'),
  app('/dashboard/kpi', 'KPI Dashboard'),
  app('/dashboard/new-kpi', 'New KPI'),
  app('/messages/:tab?/:platform?', 'Conversations'),
  app('/admin/:tab?', 'Admin'),
  app('/tasks', 'Tasks'),
  app('/setup/tasks', 'Task Templates'),
  app('/setup/messaging', 'Message Templates'),
  app('/setup/queue/:platform?', 'Queue Setup'),
  app('/setup/pipelines-order', 'Pipeline Order'),
  app('/profile/:tab?/:version?', 'Profile'),
  app('/setup/ai', 'AI Setup'),
  app('/setup/tags', 'Tags'),
  app('/setup/tags-reconciliation', 'Tag Reconciliation'),
  app('/setup/pipelines/:pipelineID?/:tab?/:stageUID?', 'Pipeline Setup'),
  app('/setup/connections', 'Connections'),
  app('/setup/extension', 'Extension'),
  app('/setup/labels', 'Status Labels'),
  app('/workflows/:workflowId?', 'Workflows'),
  app('/shop', 'Shop'),
  { ...app('/bex/sidebar', 'Extension Sidebar'), bare: true },
  {
    path: '/bex/overlay',
    screen: 'Extension Overlay',
    auth: true,
    needsBaseData: false,
    bare: true,
  },
  { path: '/bex/test', screen: 'Extension Test', auth: true, needsBaseData: false, bare: true },
  {
    path: '/bex/offscreen',
    screen: 'Extension Offscreen',
    auth: true,
    needsBaseData: false,
    bare: true,
  },
  { ...app('/ext/popup', 'Extension Popup'), bare: true },
  { path: '/authorize', screen: 'Authorize', auth: true, needsBaseData: false, bare: true },
  { path: '/logout', screen: 'Log Out', auth: false, needsBaseData: false, bare: true },
  { ...open('/signin', 'Login'), redirect: true },
  open('/login/:action?/:inviteCode?', 'Login'),
  open('/secret-login/:action?/:inviteCode?', 'Login'),
  open('/login-admin', 'Admin Login'),
  {
    path: '/queue/:platform',
    screen: 'Queue Processor',
    auth: true,
    needsBaseData: true,
    bare: true,
  },
  open('/password-reset', 'Password Reset'),
  { path: '/accept-terms', screen: 'Accept Terms', auth: true, needsBaseData: true, bare: true },
  open('/maintenance', 'Maintenance'),
];

/** The catch-all route: any other path shows the 404 page. */
export const NOT_FOUND_ROUTE: RouteDef = open('*', 'Page Not Found', false);
