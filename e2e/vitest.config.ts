import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const core = fileURLToPath(new URL('../packages/core/src/index.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

// Browser suites: real Chromium, so long timeouts, and one browser at a time (each launch takes a
// profile, ports and a few hundred MB; running them side by side only makes them flaky).
export default defineConfig({
  root,
  resolve: { alias: { '@leadloom/core': core } },
  test: {
    include: ['e2e/**/*.test.ts'],
    // Fails a suite on any content-security-policy violation in its pages (csp.ts).
    setupFiles: ['e2e/csp-setup.ts'],
    // Seeds one data folder that every suite's server starts from a copy of.
    globalSetup: ['e2e/global-setup.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
