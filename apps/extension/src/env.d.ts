/** The web app's origin, fixed at build time from env `APP_ORIGIN` (see scripts/build.mjs). */
declare const __APP_ORIGIN__: string;
/**
 * Test builds only: every wait of the extension is divided by this (env `EXTENSION_SPEED`, see
 * scripts/build.mjs), since a browser test's fake clock does not reach the service worker. 1 otherwise.
 */
declare const __EXTENSION_SPEED__: number;
