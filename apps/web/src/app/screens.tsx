import type { ComponentType } from 'react';
import { matchRoute } from '@leadloom/core';
import { PipelineView } from '../features/pipeline/PipelineView';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import { RouteRedirect } from './redirects';
import { SCREEN_MODULES } from './screenModules';

// Every screen but the board (where the app opens) loads on demand (screenModules.ts), so the
// board's first paint does not wait for their code (routes wrap every screen in Suspense).
const LAZY_SCREENS: Readonly<Record<string, LazyScreen>> = Object.fromEntries(
  Object.entries(SCREEN_MODULES).map(([path, load]) => [path, lazyScreen(load)]),
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
  ...LAZY_SCREENS,
};

/**
 * Has the screen at `pathname` resolve as soon as its code is in hand (main.tsx has started
 * loading it). Called as the app mounts, long before the guard lets the screen render: the
 * screen then renders in the same commit as the layout instead of suspending after it.
 */
export function preloadScreen(pathname: string): void {
  void LAZY_SCREENS[matchRoute(pathname).path]?.preload();
}
