// Builds the unpacked MV3 extension into dist/ (or EXTENSION_OUT_DIR):
//   background.js  the service worker, one ESM file (Vite library build)
//   content.js     the Facebook/Instagram/LinkedIn content script, one classic IIFE file (MV3
//                  content scripts cannot be modules)
//   popup.html     the popup page and its assets (Vite html build)
//   manifest.json  generated from package.json, manifest-key.txt and env APP_ORIGIN
// Runs under `node --import tsx` (see package.json) so it can import the TypeScript sources that
// define the manifest and EXTENSION_ID instead of keeping copies of them here.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { EXTENSION_ID, extensionIdFromSha256Hex } from '@leadloom/core';
import { buildManifest, DEFAULT_APP_ORIGIN, normalizeAppOrigin } from '../src/manifest.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const coreEntry = resolve(root, '../../packages/core/src/index.ts');
const outDir = resolve(process.env.EXTENSION_OUT_DIR || resolve(root, 'dist'));
// The app this extension talks to: APP_ORIGIN, else the server's own address as `npm start`
// configures it (PUBLIC_URL, else localhost:PORT), so a build for another port just works.
const serverOrigin = process.env.PUBLIC_URL
  ? new URL(process.env.PUBLIC_URL).origin
  : process.env.PORT
    ? `http://localhost:${process.env.PORT}`
    : DEFAULT_APP_ORIGIN;
const appOrigin = normalizeAppOrigin(process.env.APP_ORIGIN || serverOrigin);

// Test builds only: every wait of the extension (alarms, their 30 s floor, wait_a_bit) is divided
// by EXTENSION_SPEED, because a browser test's fake clock does not reach the service worker.
const speed = Number(process.env.EXTENSION_SPEED || 1);
if (!Number.isFinite(speed) || speed < 1 || speed > 10_000) {
  throw new Error(
    `EXTENSION_SPEED must be a number from 1 to 10000, got "${process.env.EXTENSION_SPEED}"`,
  );
}

const pkg = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));
const key = (await readFile(resolve(root, 'manifest-key.txt'), 'utf8')).trim();

// The id Chrome will give this build must be the one the app talks to; a changed key fails here
// instead of leaving the app unable to reach its extension.
const idFromKey = extensionIdFromSha256Hex(
  createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex'),
);
if (idFromKey !== EXTENSION_ID) {
  throw new Error(
    `manifest-key.txt gives extension id ${idFromKey}, but @leadloom/core EXTENSION_ID is ` +
      `${EXTENSION_ID}; update one of them.`,
  );
}

/** Settings both builds share: the core alias (the app and the extension use the same source). */
const shared = {
  configFile: false,
  logLevel: 'warn',
  resolve: { alias: { '@leadloom/core': coreEntry } },
  define: { __APP_ORIGIN__: JSON.stringify(appOrigin), __EXTENSION_SPEED__: String(speed) },
};
const common = {
  outDir,
  emptyOutDir: false,
  copyPublicDir: false,
  // Readable output: the Chrome Web Store reviews it, and stack traces stay useful.
  minify: false,
  target: 'chrome120',
};

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

/**
 * One script as one file: a service worker and a content script cannot import chunks. The
 * worker is an ES module; a content script must be a classic script (an IIFE).
 */
const buildScript = (entry, fileName, format, name) =>
  build({
    ...shared,
    root,
    build: {
      ...common,
      lib: { entry: resolve(root, entry), formats: [format], name, fileName: () => fileName },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });

await buildScript('src/background/index.ts', 'background.js', 'es');
await buildScript('src/content/index.ts', 'content.js', 'iife', 'leadloomContent');

await build({
  ...shared,
  root: resolve(root, 'src/popup'),
  // Relative asset URLs: the page is served from chrome-extension://<id>/popup.html.
  base: './',
  build: { ...common, rolldownOptions: { input: resolve(root, 'src/popup/popup.html') } },
});

const manifest = buildManifest({ version: pkg.version, appOrigin, key });
await writeFile(resolve(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(
  `Built Leadloom extension ${manifest.version} (id ${EXTENSION_ID}) for ${appOrigin} in ${outDir}` +
    (speed === 1 ? '' : ` (test build: waits divided by ${speed})`),
);
