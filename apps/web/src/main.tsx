import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startPrefetch } from './app/boot/prefetch';

// The board's data is asked for first; the app's code (React, Mantine, the screens) loads in
// the meantime, so the two overlap instead of one waiting for the other.
startPrefetch();

void import('./app/mount').then(({ mount }) => mount());
