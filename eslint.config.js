// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './scripts/eslint/no-import-cycle.js';
import { noLiteralUiText } from './scripts/eslint/no-literal-ui-text.js';

/**
 * Screens whose words come from the catalogues (issue 44): a literal a user reads is an error there — every screen,
 * the shell and the shared components (docs/languages.md says how to add words).
 */
const TRANSLATED_FILES = [
  'apps/web/src/i18n/**/*.tsx',
  'apps/web/src/app/**/*.{ts,tsx}',
  'apps/web/src/components/**/*.{ts,tsx}',
  'apps/web/src/features/**/*.{ts,tsx}',
];

/**
 * The layout as rules (CONVENTIONS.md, "Layering"):
 * - web: app → features → components/lib/config → shared; a feature never imports another feature;
 * - api: a module reaches another module only through its `<area>.service.ts`; db/ and lib/ import no module;
 * - packages/shared imports nothing but zod.
 */
const layerRules = [
  { from: 'web-entry', allow: ['web-app', 'web-common', 'shared'] },
  { from: 'web-app', allow: ['web-app', 'web-feature', 'web-common', 'shared'] },
  { from: 'web-feature', allow: [['web-feature', { feature: '${from.feature}' }], 'web-common', 'shared'] },
  { from: 'web-common', allow: ['web-common', 'shared'] },
  {
    from: ['api-module', 'api-module-service'],
    allow: [
      ['api-module', { module: '${from.module}' }],
      ['api-module-service', { module: '${from.module}' }],
      'api-module-service',
      'api-db',
      'api-lib',
      'api-root',
      'shared',
      'package',
    ],
  },
  { from: 'api-module-root', allow: ['api-module-service', 'api-db', 'api-lib', 'api-root', 'shared'] },
  { from: 'api-db', allow: ['api-db', 'api-lib', 'api-root', 'shared', 'package'] },
  { from: 'api-lib', allow: ['api-lib', 'api-db', 'api-root', 'shared'] },
  // The composition root (app.ts, main.ts) wires every module's routes and services together.
  { from: 'api-root', allow: ['api-root', 'api-module', 'api-module-service', 'api-module-root', 'api-db', 'api-lib', 'shared', 'package'] },
  {
    from: 'api-test',
    allow: ['api-test', 'api-root', 'api-module', 'api-module-service', 'api-module-root', 'api-db', 'api-lib', 'shared', 'package'],
  },
  { from: 'shared', allow: ['shared'] },
  { from: 'package', allow: ['package', 'shared'] },
  { from: 'tooling', allow: ['tooling', 'shared', 'package', 'api-root', 'api-db', 'api-lib', 'api-test'] },
];

const architecture = {
  plugins: { boundaries },
  settings: {
    'import/resolver': {
      typescript: {
        alwaysTryTypes: true,
        noWarnOnMultipleProjects: true,
        project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
      },
    },
    'boundaries/include': ['apps/**/*', 'packages/**/*', 'e2e/**/*', 'bench/**/*'],
    'boundaries/elements': [
      { type: 'web-app', pattern: 'apps/web/src/app' },
      { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
      { type: 'web-common', pattern: 'apps/web/src/(components|lib|config|testing)' },
      { type: 'web-entry', pattern: 'apps/web/src/main.tsx', mode: 'file' },
      { type: 'api-module-service', pattern: 'apps/api/src/modules/*/*.service.ts', mode: 'file', capture: ['module'] },
      { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
      { type: 'api-module-root', pattern: 'apps/api/src/modules/*.ts', mode: 'file' },
      { type: 'api-db', pattern: 'apps/api/src/db' },
      { type: 'api-lib', pattern: 'apps/api/src/(lib|plugins)' },
      { type: 'api-root', pattern: 'apps/api/src/*.ts', mode: 'file' },
      { type: 'api-test', pattern: 'apps/api/(test|scripts)' },
      { type: 'shared', pattern: 'packages/shared' },
      { type: 'package', pattern: 'packages/*', capture: ['package'] },
      { type: 'tooling', pattern: '(e2e|bench)' },
    ],
  },
  rules: {
    'boundaries/element-types': [
      'error',
      {
        default: 'disallow',
        message: '${file.type} must not import ${dependency.type} (see eslint.config.js: architecture)',
        rules: layerRules,
      },
    ],
    'boundaries/external': [
      'error',
      {
        default: 'allow',
        rules: [
          { from: 'shared', disallow: ['*'] },
          // zod for the schemas; FormatJS's formatter for the shared sentences in each language (decision 087).
          { from: 'shared', allow: ['zod', 'intl-messageformat'] },
        ],
      },
    ],
  },
};

/** Tests may reach into any module of their own package: they check it from the outside. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/__tests__/**', '**/*.access-examples.ts', 'apps/api/test/**', 'e2e/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/api/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.ts', '*.js', 'scripts/*.d.mts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Promise-returning handlers are how Fastify hooks, React events and node streams are written here.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and route handlers are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // No file reaches itself through its relative imports, type-only ones included (scripts/eslint/no-import-cycle.js).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog's first field takes focus on open (MUI components, not DOM elements); page fields do not.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Informational for the React Compiler, which this app does not use (react-hook-form's watch()).
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'], ...architecture },
  {
    files: TRANSLATED_FILES,
    ignores: testFiles,
    plugins: { i18n: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'i18n/no-literal-ui-text': 'error' },
  },
  {
    // One way to show a number, an amount or a time (issue 39): the rules are in @wattdesk/shared/format.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format with @wattdesk/shared/format (formatCount, formatKwh, formatDateTime, …), not toLocale*String.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat)$/]",
          message: 'Format with @wattdesk/shared/format, not a feature’s own Intl formatter.',
        },
      ],
    },
  },
  {
    // Tests also use the test harness (apps/api/test) and the web test set-up.
    files: testFiles,
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      'boundaries/external': 'off',
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (see eslint.config.js: architecture)',
          rules: [
            ...layerRules,
            { from: ['api-root', 'api-module', 'api-module-service', 'api-module-root', 'api-lib', 'api-db'], allow: ['api-test'] },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures that use no other fixture are declared with an empty pattern, as its docs do.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Command-line tools print their report to the terminal.
    files: ['bench/**', 'packages/simulator/src/cli.ts', 'apps/api/scripts/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
