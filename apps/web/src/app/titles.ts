import { useEffect } from 'react';
import { useMatches, type Params } from 'react-router';
import { pageTitle, type RouteDef } from './core-pending';

/** What every route object of the app carries in `handle`. */
export interface RouteHandle {
  route: RouteDef;
}

const PLATFORM_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform.toLowerCase()] ?? platform;
}

/** The screen part of the title; the queue route adds its platform (SPEC §2). */
export function screenTitle(route: RouteDef, params: Params): string {
  if (route.path.startsWith('/queue/') && params.platform) {
    return `${route.screen} ${platformName(params.platform)}`;
  }
  return route.screen;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** Keeps document.title in step with the deepest matched route. */
export function useDocumentTitle() {
  const matches = useMatches();
  const match = matches.findLast((m) => isRouteHandle(m.handle));
  const title =
    match && isRouteHandle(match.handle)
      ? pageTitle(screenTitle(match.handle.route, match.params))
      : pageTitle();
  useEffect(() => {
    document.title = title;
  }, [title]);
}
