import '@mantine/core/styles.css';
// Charts' styles after core's (KPI dashboard).
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { startPrefetch } from './app/boot/prefetch';
import { parseTablePath } from './features/table/requests';

// The board's data is asked for first; the app's code (React, Mantine, the screens) loads while
// the server answers, so the two overlap instead of one waiting for the other. The app's chunk
// is evaluated once the board's requests have left (evaluating it takes the main thread for a
// while, and the identity token's answer would wait behind it to send them). On a table
// address the table's own chunk (a lazy screen) is fetched as the app mounts, not once the
// app's first render asks for it.
void startPrefetch()
  .then(() => import('./app/mount'))
  .then(({ mount }) => {
    // Fetched while the app's first render waits for the guard, not after it asks for it.
    if (parseTablePath(window.location.pathname)) void import('./features/table/TableView');
    mount();
  });
