import type { RouteDef } from '@leadloom/core';
import { titleForPath } from '@leadloom/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** What every route object of the app carries in `handle`: its row of the route table. */
export interface RouteHandle {
  route: RouteDef;
}

/** Keeps document.title in step with the location ("Leadloom 2.0 | {screen}", SPEC §2). */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  const title = titleForPath(pathname);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
