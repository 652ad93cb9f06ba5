import '@mantine/core/styles.css';
// Charts' styles after core's (KPI dashboard).
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { startPrefetch } from './app/boot/prefetch';
import { preloadScreenModule } from './app/screenModules';

// The board's data is asked for first; the app's code (React, Mantine, the screens) loads while
// the server answers, so the two overlap instead of one waiting for the other. The app's chunk
// is evaluated once the board's requests have left (evaluating it takes the main thread for a
// while, and the identity token's answer would wait behind it to send them).
void startPrefetch()
  .then(() => import('./app/mount'))
  .then(({ mount }) => mount());
// The code of the address's screen, when it loads on demand (the table, a contact), starts
// loading once this module has run (the identity token asked for): it is in hand by the time
// the guard lets the screen render, which then comes with the layout instead of after it.
setTimeout(() => preloadScreenModule(window.location.pathname), 0);
