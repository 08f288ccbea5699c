import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Forbids the files under `folder` to import the source (or the package) of each of `others`. */
function sealed(folder, others) {
  const names = others.join('|');
  return [
    {
      files: [`${folder}/**/*.{ts,tsx,js,mjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `(^|/)(${names})/src(/|$)|^@impact-calls/(${names})(/|$)`,
                message: `${folder} must not import ${others.join(', ')}: share code through a workspace package in libs/ (see docs/architecture.md).`,
              },
            ],
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'libs/api-client/src/schema.ts',
      'openapi/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from their emitted types: type-only imports would break DI.
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['applicant-ui/**/*.{ts,tsx}', 'admin-ui/**/*.{ts,tsx}', 'libs/step-views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Sealed apps (issue 15): an app never imports another app's source, nor the API's; a
  // library imports no app and not the API. What both apps need is a workspace package
  // (libs/step-views, libs/api-client, libs/domain). dependency-cruiser checks the same
  // lines, and the API's layers, from `npm run lint` (.dependency-cruiser.cjs).
  ...sealed('applicant-ui', ['admin-ui', 'api']),
  ...sealed('admin-ui', ['applicant-ui', 'api']),
  ...sealed('libs', ['applicant-ui', 'admin-ui', 'api']),
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
