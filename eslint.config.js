import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** DESIGN §1.2: raw database access lives only in the data layer and in repositories. */
const DATA_LAYER_ONLY = {
  paths: [
    { name: 'pg', message: 'Database access belongs in a repository (DESIGN §1.2).' },
    { name: 'drizzle-orm', message: 'Queries belong in a repository (DESIGN §1.2).' },
    { name: 'drizzle-orm/node-postgres', message: 'Database access belongs in a repository.' },
  ],
  patterns: [
    {
      group: ['drizzle-orm/*', '**/db/pool', '**/db/embedded/*'],
      message:
        'Database access belongs in a repository (DESIGN §1.2); use a repo with a TeamScope.',
    },
  ],
};

/** The browser's ways to the network, which web code uses only through lib/api.ts. */
const WEB_NETWORK = ['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket'];
const WEB_API_ONLY = 'Reach the server through apps/web/src/lib/api.ts (DESIGN §8).';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // DESIGN §1.2: raw database access lives only in the data layer and in repositories.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/**/repo.ts',
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/auth/**',
      'apps/server/src/jobs/**',
    ],
    rules: {
      'no-restricted-imports': ['error', DATA_LAYER_ONLY],
    },
  },
  // Inside modules/ only the routes speak HTTP: services and repositories throw core's
  // DomainError, so a workflow action, a sync step or a job can call them outside a request.
  // (A later config replaces the rule's options for a file, so the data-layer rule is repeated.)
  ...(() => {
    const http = {
      group: ['**/http/*', 'hono', 'hono/*'],
      message:
        "Only a module's routes speak HTTP; throw core's DomainError (docs/architecture.md).",
    };
    const moduleIgnores = [
      'apps/server/src/modules/**/routes.ts',
      'apps/server/src/modules/**/*-routes.ts',
      'apps/server/src/modules/**/module.ts',
      'apps/server/src/modules/manifest.ts',
      'apps/server/src/modules/index.ts',
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*fixtures.ts',
      'apps/server/src/modules/**/test-helpers.ts',
    ];
    const repos = ['apps/server/src/modules/**/repo.ts', 'apps/server/src/modules/**/*.repo.ts'];
    return [
      {
        files: ['apps/server/src/modules/**/*.ts'],
        ignores: [...moduleIgnores, ...repos],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              ...DATA_LAYER_ONLY,
              patterns: [...DATA_LAYER_ONLY.patterns, http],
            },
          ],
        },
      },
      {
        files: repos,
        ignores: moduleIgnores,
        rules: { 'no-restricted-imports': ['error', { patterns: [http] }] },
      },
    ];
  })(),
  {
    // One domain event, one call: actions write the change log, activities, sync rows and
    // workflow triggers through the events' emit (apps/server/src/events/emit.ts), never piecemeal.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/events/emit.ts',
      'apps/server/src/modules/activities/service.ts',
      'apps/server/src/modules/sync/outbox.ts',
      'apps/server/src/db/tx.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='recordChange'], CallExpression[callee.name=/^(recordActivities|queueSyncs|queueWorkflowTriggers)$/]",
          message: 'Write what an action did through emit(tx, scope, event) (events/emit.ts).',
        },
      ],
    },
  },
  {
    // The web app's one door to the server is lib/api.ts (the token, the change id, errors and
    // the offline answer in one place); .dependency-cruiser.cjs holds off imports of server code,
    // this the network calls.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...WEB_NETWORK.map((name) => ({ name, message: WEB_API_ONLY })),
      ],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].flatMap((object) =>
          WEB_NETWORK.map((property) => ({ object, property, message: WEB_API_ONLY })),
        ),
        { object: 'navigator', property: 'sendBeacon', message: WEB_API_ONLY },
      ],
    },
  },
  {
    // Core is pure: no I/O, no platform APIs.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'pg', 'react*', 'hono*'], message: 'packages/core is pure.' },
          ],
        },
      ],
    },
  },
);
