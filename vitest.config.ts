import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const core = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));

// One run for every suite that needs no browser: core rules, server (on PGlite, and on
// PostgreSQL too when TEST_DATABASE_URL is set), web logic and the extension's message map.
export default defineConfig({
  resolve: { alias: { '@leadloom/core': core } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.tsx',
      'bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each server test file boots its own embedded database; two cores do not gain from more.
    maxWorkers: 2,
  },
});
