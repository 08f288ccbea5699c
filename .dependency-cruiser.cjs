/**
 * The allowed imports between the parts of the product (docs/architecture.md), checked by
 * `npm run lint` (scripts/check-architecture.mjs). A rule broken is an error: move the code to
 * where it belongs (a workspace package in libs/, a service, common/) instead of importing
 * across the line.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'apps-are-sealed',
      comment: 'An app never imports another app: what both need is a package in libs/ (step-views, api-client, domain).',
      severity: 'error',
      from: { path: '^(applicant-ui|admin-ui)/' },
      to: { path: '^(applicant-ui|admin-ui)/', pathNot: '^$1/' },
    },
    {
      name: 'apps-call-the-api-through-the-client',
      comment: 'The apps reach the API over HTTP through libs/api-client, never its source.',
      severity: 'error',
      from: { path: '^(applicant-ui|admin-ui|libs)/' },
      to: { path: '^api/' },
    },
    {
      name: 'libs-import-no-app',
      comment: 'A library serves the apps; it never imports one.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^(applicant-ui|admin-ui)/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'libs/domain holds rules only: it imports no other part of the product (and no UI or server library).',
      severity: 'error',
      from: { path: '^libs/domain/src/' },
      to: { path: '^(api|applicant-ui|admin-ui|libs/(?!domain/))|node_modules/(react|@mui|@nestjs|typeorm|pg)/' },
    },
    {
      name: 'common-does-not-import-modules',
      comment: 'api/src/common is the layer under the feature modules: it never imports one (modules depend on common, not back).',
      severity: 'error',
      from: { path: '^api/src/common/' },
      to: { path: '^api/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|^libs/api-client/src/schema\\.ts$' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
