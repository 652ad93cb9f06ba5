/**
 * Stand-ins for `@leadloom/core` exports that are being written in another branch.
 *
 * The web app imports these names ONLY from this file. When core lands, delete this file and
 * point the imports at '@leadloom/core' (`grep -rl core-pending src`); every stand-in below
 * has the signature core promises, so nothing else changes.
 */

// The route table already exists in core but is not exported from its index yet.
export { ROUTES, NOT_FOUND_ROUTE } from '../../../../packages/core/src/routes';
export type { RouteDef } from '../../../../packages/core/src/routes';

export const PRODUCT_NAME = 'Leadloom';

/** "Leadloom 2.0 | {screen}", or "Leadloom 2.0" without a screen (SPEC §2). */
export function pageTitle(screen?: string): string {
  return screen ? `${PRODUCT_NAME} 2.0 | ${screen}` : `${PRODUCT_NAME} 2.0`;
}

export const LOADER_TEXT = `${PRODUCT_NAME} is getting ready to rock...`;

/** Core owns the 15 taglines (their wording is not in the spec); one placeholder here. */
export function pickTagline(): string {
  return 'Every great pipeline starts with one conversation.';
}

/** SPEC §2 "/": table, pipeline or homeDashboard; anything else goes to the pipeline. */
export function defaultViewPath(view: string | null | undefined): string {
  if (view === 'table') return '/contacts/table';
  if (view === 'homeDashboard') return '/dashboard/home';
  return '/contacts/pipeline';
}

/** SPEC §8 statuses and messages the client produces itself. */
export const ERRORS = {
  badResponse: { status: 'bad-response', message: 'Something went wrong' },
  network: { status: 'error', message: 'Network error' },
  notLoggedIn: { status: 'permission-denied', message: 'User not logged in' },
} as const;

export const INVALID_TOKEN_MESSAGE = 'Unauthorized: Invalid token';

/** DESIGN §6: every API error answer. */
export interface ApiErrorBody {
  error: { status: string; message: string; field?: string };
}
