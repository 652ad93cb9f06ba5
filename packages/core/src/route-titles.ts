import { pageTitle } from './product';
import { matchRouteWithParams } from './route-matching';

/** Display names of the queue platforms, for titles. */
const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

/** "facebook" → "Facebook"; an unknown platform is shown as given. */
export function platformDisplayName(platform: string): string {
  return PLATFORM_NAMES[platform.toLowerCase()] ?? platform;
}

/**
 * The screen name for a pathname. SPEC §2: the /queue/:platform title is "Queue Processor"
 * with the platform name, so each processor window can be told apart in the task bar.
 */
export function screenNameFor(pathname: string): string {
  const { route, params } = matchRouteWithParams(pathname);
  if (route.path === '/queue/:platform' && params.platform) {
    return `${route.screen} - ${platformDisplayName(params.platform)}`;
  }
  return route.screen;
}

/** The document title for a pathname: "Leadloom 2.0 | {screen}". */
export function titleForPath(pathname: string): string {
  return pageTitle(screenNameFor(pathname));
}
