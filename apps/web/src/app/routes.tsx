import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ScreenLoading } from '../ui/ScreenLoading';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '@leadloom/core';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { OptionalLayout } from './OptionalLayout';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';
import { SCREENS } from './screens';
import type { RouteHandle } from './titles';

function screenRoute(route: RouteDef): RouteObject {
  const Screen = SCREENS[route.path];
  const handle: RouteHandle = { route };
  return {
    id: route.path,
    path: route.path,
    handle,
    element: Screen ? (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    ) : (
      <ScreenPlaceholder screen={route.screen} />
    ),
  };
}

/**
 * The route tree for a route table (SPEC §2):
 *
 *   root (title, error boundary)
 *   ├─ guard (auth routes)
 *   │  ├─ main layout → routes inside the layout
 *   │  └─ bare auth routes (queue, extension layouts, accept-terms, ...)
 *   ├─ bare open routes (sign-in screens, password reset, maintenance, log-out)
 *   └─ optional layout → open routes inside the layout, and the 404 page last
 */
export function buildRoutes(
  routes: readonly RouteDef[] = ROUTES,
  notFound: RouteDef = NOT_FOUND_ROUTE,
): RouteObject[] {
  const pick = (auth: boolean, bare: boolean) =>
    routes.filter((r) => r.auth === auth && Boolean(r.bare) === bare).map(screenRoute);
  const notFoundRoute: RouteObject = {
    id: 'not-found',
    path: notFound.path,
    handle: { route: notFound } satisfies RouteHandle,
    element: <NotFoundPage />,
  };
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteError />,
      children: [
        {
          id: 'auth',
          element: <RequireAuth />,
          children: [
            { id: 'layout', element: <AppLayout />, children: pick(true, false) },
            ...pick(true, true),
          ],
        },
        ...pick(false, true),
        {
          id: 'optional-layout',
          element: <OptionalLayout />,
          children: [...pick(false, false), notFoundRoute],
        },
      ],
    },
  ];
}
