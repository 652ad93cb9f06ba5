/**
 * The rooms of the house and which doors between them are allowed (docs/architecture.md).
 * `npm run lint` runs these through scripts/rooms.mjs, which also checks that no new cycle
 * appears between the server's modules (a cycle spans folders, so it is checked on the graph
 * collapsed to modules/<area>, not file by file).
 *
 * Kept in eslint.config.js instead, where they already live with their own messages:
 * - inside modules/ only routes.ts, *-routes.ts and module.ts import http/ or hono;
 * - recordChange, recordActivities, queueSyncs and queueWorkflowTriggers are called only from
 *   events/emit.ts;
 * - web code calls fetch only in apps/web/src/lib/api.ts (a global, not an import).
 */

/** Test code may set up rows through any repository; the rules are about the product's code. */
const TEST_CODE = '(\\.test\\.tsx?|fixtures(\\.repo)?\\.ts|/test-helpers\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-repository',
      comment:
        "A module reads and writes its own tables only: another module's data is reached through " +
        "that module's service or query functions, so its repository can change without callers noticing.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TEST_CODE },
      to: {
        path: '^apps/server/src/modules/.+/(repo|[^/]+[.]repo)[.]ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'web-reaches-server-through-api',
      comment:
        'The web app knows the server only by its HTTP API (apps/web/src/lib/api.ts) and the ' +
        'contracts in packages/core; never by importing server code.',
      severity: 'error',
      from: { path: '^apps/(web|extension)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'core-is-pure',
      comment:
        'packages/core holds the product rules every app shares; it imports nothing of the apps.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'The server, the web app and the extension share code only through packages/core.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      // (server code has its own rule above, with its own message)
      to: { path: '^apps/', pathNot: '^apps/($1|server)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|data)/' },
    // Type-only imports are doors too: a module that imports another's row type is tied to its table.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
