import { lazyScreen } from './lazyScreen';

/**
 * The table view (/contacts/table), a screen loaded on demand. Its own module, in the entry
 * chunk, because main.tsx loads it before the app's chunk has run on a table address (see
 * there), and the route must render this same lazy component, already resolved.
 */
export const TableScreen = lazyScreen(() =>
  import('../features/table/TableView').then((m) => m.TableView),
);
