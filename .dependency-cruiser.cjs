/**
 * The import boundaries of docs/architecture.md, checked by `npm run lint`. A rule's `comment` is why it
 * exists; the lint output repeats it next to each violation.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'A cycle means neither file can be understood, tested or moved without the other; split out ' +
        'what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-app',
      severity: 'error',
      comment:
        'The contract describes the wire for every client; it cannot depend on one implementation of ' +
        'either side.',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'apps-import-not-each-other',
      severity: 'error',
      comment: 'Server and web share only the contract; anything else they both need belongs in it.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-lib-and-db-below-modules',
      severity: 'error',
      comment:
        'lib/ and db/ are the tools modules and plugins are built with; reaching up would make every ' +
        'module depend on the others.',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'server-modules-meet-through-index',
      severity: 'error',
      comment:
        "A module's index.ts is its public entry: what it does not export there (queries, helpers, " +
        'rules) stays free to change inside it.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-composed-in-app',
      severity: 'error',
      comment:
        'app.ts is the one composition root: nothing inside the server reaches back into it or main.ts.',
      from: { path: '^apps/server/src/(lib|db|modules|plugins)/' },
      to: { path: '^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'web-features-import-no-feature',
      severity: 'error',
      comment:
        'Features know only components/, lib/ and the contract, so each can change or go alone; app/ ' +
        'composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-import-no-app',
      severity: 'error',
      comment:
        'app/ composes features (router, layout, providers); a feature reaching up into it would cycle.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(app/|main\\.tsx$)' },
    },
    {
      name: 'web-shared-code-below-features',
      severity: 'error',
      comment:
        'components/ and lib/ are shared by every feature, so they must not depend on any one of them ' +
        'or on app/.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment:
        'Fixtures, mock servers and test helpers would ship in the build and make the app depend on ' +
        'what tests fake.',
      from: { path: '^apps/(server|web)/src/', pathNot: ['\\.test\\.tsx?$', '/test/'] },
      to: { path: ['/test/', '\\.test\\.tsx?$'] },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      comment:
        'An import the checker cannot follow is an import whose boundaries it cannot check. Vite ' +
        "plugins' virtual modules (virtual:…) exist only in a build.",
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    // Workspace packages (the contract) and most libraries are found through package.json `exports`.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
