/**
 * Import rules: the layering of docs/ARCHITECTURE.md ("Layers and import rules") checked on every
 * `npm test`. A rule that needs an exception gets it here with a one-line reason, never in bulk.
 */
const FEATURE = '^api/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'shared/ runs on both sides: no Node built-ins, no DOM storage, no database, nothing of api/web/sw.',
      severity: 'error',
      from: { path: '^shared/' },
      to: {
        pathNot: '^shared/',
        dependencyTypesNot: ['type-only'],
        path: '^(api|web|sw)/|node_modules/(drizzle-orm|better-sqlite3|hono|react|react-dom|dexie|pdfjs-dist)/',
      },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'shared/ must run in the browser and the service worker.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sw-imports-shared-and-storage-only',
      comment: 'The service worker stays small: shared rules, the storage layer and Workbox, nothing of the app.',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: '^(api|web)/', pathNot: '^web/src/storage/' },
    },
    {
      name: 'web-imports-api-types-only',
      comment: 'The browser bundle never contains server code: api/ is imported for AppType and other types only.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-never-imports-web',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(web|sw)/' },
    },
    {
      name: 'db-imports-no-feature',
      comment: 'Schema, migrations and the database client sit below the features.',
      severity: 'error',
      from: { path: '^api/src/db/', pathNot: '^api/src/db/seed/' },
      to: { path: '^api/src/features/' },
    },
    {
      name: 'lib-imports-no-feature',
      comment: 'lib/ holds helpers several features use; it depends on none of them.',
      severity: 'error',
      from: { path: '^(api|web)/src/lib/' },
      to: { path: '^(api|web)/src/features/' },
    },
    {
      name: 'no-foreign-routes',
      comment: "A feature uses another feature's services, never its routes (routes are HTTP glue).",
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^api/src/features/([^/]+)/[^/]+\\.routes\\.ts$', pathNot: `${FEATURE.slice(0, -1)}$1/` },
    },
    {
      name: 'no-services-see-hono',
      comment: 'Services hold the rules and never see Hono: only routes, middleware and app wiring import it.',
      severity: 'error',
      from: { path: '^api/src/features/[^/]+/[^/]+\\.service\\.ts$' },
      to: { path: 'node_modules/hono/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      from: { path: '^(api|web|sw|shared)/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production modules never import tests or test support.',
      severity: 'error',
      from: {
        path: '^(api|web|sw|shared)/',
        pathNot: '(\\.test\\.tsx?|test-support\\.tsx?|test-utils\\.tsx?|test-helpers\\.tsx?|test-factories\\.ts)$',
      },
      to: { path: '(\\.test\\.tsx?|test-support\\.tsx?|test-utils\\.tsx?|test-helpers\\.tsx?|test-factories\\.ts)$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.tmp|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
