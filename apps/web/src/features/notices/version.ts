declare const __APP_VERSION__: string;

/** The version this build was made from (root package.json, injected by Vite `define`). */
export const RUNNING_VERSION: string =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
