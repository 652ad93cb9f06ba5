import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The running build's version, compared with the published webAppVersion (SPEC §4 App version).
const rootPackage = new URL('../../package.json', import.meta.url);
const appVersion = (JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string }).version;

const core = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));

// The API server (apps/server) listens on :3000; in development Vite serves the app and
// forwards every server path, so the session cookie stays same-origin.
const serverPaths = ['/api', '/v2', '/healthz'];
const apiServer = process.env.LEADLOOM_API ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: { alias: { '@leadloom/core': core } },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiServer }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the module that makes it jitless in one chunk, in that order: the chunk
          // runs before any chunk that builds a schema, so zod never reaches for eval (which
          // the content security policy forbids). As part of main.tsx, the setting would only
          // run after the chunks main.tsx imports, whose schemas would have probed for eval.
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
