// First: no zod schema may be built before zod is told not to use eval (the CSP forbids it).
import './zod-jitless';
import '@mantine/core/styles.css';
// Charts' styles after core's (KPI dashboard).
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { startPrefetch } from './app/boot/prefetch';
import { TableScreen } from './app/tableScreen';
import { parseTablePath } from './features/table/requests';

// The board's data is asked for first; the app's code (React, Mantine, the screens) loads while
// the server answers, so the two overlap instead of one waiting for the other. The app's chunk
// is evaluated once the board's requests have left (evaluating it takes the main thread for a
// while, and the identity token's answer would wait behind it to send them).
//
// On a table address the table's code (a screen loaded on demand) starts loading as soon as
// this module has run, alongside the app's chunk, and the app mounts once both are in hand:
// the table then renders in the same commit as the layout (lazyScreen.ts), instead of a
// Suspense fallback first and React's reveal throttle (up to 300 ms) after it. Only the table:
// importing every screen from here would split the app's chunk into dozens of shared pieces.
const screenCode = new Promise<unknown>((resolve) =>
  setTimeout(() => {
    // A failure is the screen's to show: it asks again when it renders.
    resolve(parseTablePath(window.location.pathname) ? TableScreen.preload() : undefined);
  }, 0),
);
void startPrefetch()
  .then(() => import('./app/mount'))
  .then(async ({ mount }) => {
    await screenCode;
    mount();
  });
