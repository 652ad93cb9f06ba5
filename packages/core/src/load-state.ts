import type { RouteDef } from './routes';
import { LOAD_LOOP_MAX_STEPS } from './timings';

/** Data load state of SPEC §4. */
export type LoadState = 'none' | 'min' | 'full';

/** Which pieces of base data have arrived. */
export interface LoadedData {
  members?: boolean;
  user?: boolean;
  subscription?: boolean;
  aiContext?: boolean;
  statusOptions?: boolean;
  categories?: boolean;
  types?: boolean;
  tagSets?: boolean;
  pipelineSummary?: boolean;
  phases?: boolean;
}

const MIN_KEYS = ['members', 'user', 'subscription'] as const;
const FULL_KEYS = [
  'aiContext',
  'statusOptions',
  'categories',
  'types',
  'tagSets',
  'pipelineSummary',
  'phases',
] as const;

/** min = members, user and subscription loaded; full = min plus the rest of the team data. */
export function loadStateOf(loaded: LoadedData): LoadState {
  if (!MIN_KEYS.every((key) => loaded[key] === true)) return 'none';
  return FULL_KEYS.every((key) => loaded[key] === true) ? 'full' : 'min';
}

/**
 * SPEC §4: the guard waits until the load state leaves "none", unless the route needs no
 * base data or the app runs as the extension (which has its own boot).
 */
export function guardMustWait(input: {
  loadState: LoadState;
  route: Pick<RouteDef, 'needsBaseData'>;
  isExtension: boolean;
}): boolean {
  return input.loadState === 'none' && input.route.needsBaseData && !input.isExtension;
}

/**
 * What the load loop does after a step (1-based): keep waiting, stop because data is there,
 * or give up and sign the user out (SPEC §4: state still "none" after 8 steps).
 */
export function loadLoopNext(step: number, state: LoadState): 'done' | 'wait' | 'sign-out' {
  if (state !== 'none') return 'done';
  return step < LOAD_LOOP_MAX_STEPS ? 'wait' : 'sign-out';
}
