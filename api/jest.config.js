/** API tests: TypeScript through SWC as native ES modules, against a real PostgreSQL. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, importAttributes: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
  },
  sourceMaps: 'inline',
};

const ESM_ONLY = ['htmlparser2', 'domhandler', 'domutils', 'entities', 'dom-serializer', 'domelementtype', 'content-disposition'];

export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // ESM-only packages required from CommonJS ones (sanitize-html -> htmlparser2, @fastify/static -> content-disposition): Node's
    // require(esm) does not reach inside Jest's module system, so they are compiled to CJS.
    [`node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2023' } }],
  },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ESM_ONLY.join('|')})/).*/node_modules/`],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@impact-calls/domain$': '<rootDir>/../libs/domain/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  maxWorkers: process.env.CI ? 2 : '50%',
  testTimeout: 30000,
};
