import '@mantine/core/styles.css';
// Charts' styles after core's (KPI dashboard).
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { startPrefetch } from './app/boot/prefetch';

// The board's data is asked for first; the app's code (React, Mantine, the screens) loads while
// the server answers, so the two overlap instead of one waiting for the other. The app's chunk
// is evaluated once the board's requests have left (evaluating it takes the main thread for a
// while, and the identity token's answer would wait behind it to send them).
void startPrefetch()
  .then(() => import('./app/mount'))
  .then(({ mount }) => mount());
