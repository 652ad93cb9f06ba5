/** The web app's origin, fixed at build time from env `APP_ORIGIN` (see scripts/build.mjs). */
declare const __APP_ORIGIN__: string;
