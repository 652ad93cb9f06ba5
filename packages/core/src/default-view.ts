/** The user's default contact view and where "/" sends them (SPEC §2, §9). */

export const DEFAULT_CONTACT_VIEWS = ['pipeline', 'table', 'homeDashboard'] as const;
export type DefaultContactView = (typeof DEFAULT_CONTACT_VIEWS)[number];

/** The pipeline route: the fallback for unknown views and the target of several redirects. */
export const PIPELINE_PATH = '/contacts/pipeline';

const VIEW_PATHS: Readonly<Record<DefaultContactView, string>> = {
  pipeline: PIPELINE_PATH,
  table: '/contacts/table',
  homeDashboard: '/dashboard/home',
};

export function isDefaultContactView(view: unknown): view is DefaultContactView {
  return typeof view === 'string' && Object.hasOwn(VIEW_PATHS, view);
}

/** Where "/" redirects: the user's defaultContactView; any other value goes to the pipeline. */
export function defaultViewPath(view: unknown): string {
  return isDefaultContactView(view) ? VIEW_PATHS[view] : PIPELINE_PATH;
}
