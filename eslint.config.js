import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Path-aware import boundaries (ARCHITECTURE §2, STYLE): a feature reaches another feature only
 * through its public index.ts. One zone per pair of features, from the folders as they are.
 */
function featureZones(featuresDir) {
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `${featuresDir}/${feature}`,
        from: `${featuresDir}/${other}`,
        except: ['./index.ts'],
        message: `Import the ${other} feature through its public index.ts, not its internals.`,
      })),
  );
}

const serverKernel = ['access', 'config', 'db', 'http', 'jobs', 'lib'].map(
  (dir) => `./apps/server/src/${dir}`,
);

/**
 * The stage set (server src/embedded: the payment sandbox, the built-in issuer, the mailbox page,
 * the demo) and the test kits (src/testing in both apps) are not the product: product code never
 * imports them, so a production process loads none of them. The one door, embedded-door.ts,
 * loads the stage set with import() when the configuration asks; tests may import both.
 * tooling/boundaries.test.ts proves these zones fire (tooling/lint-fixtures/stage-set-import.ts).
 */
const stageSetZones = [
  {
    target: './apps/server/src',
    from: './apps/server/src/embedded',
    message: 'Product code does not import the stage set (src/embedded): only src/embedded-door.ts loads it.',
  },
  {
    target: './apps/server/src',
    from: './apps/server/src/testing',
    message: 'Product code does not import test kits (src/testing).',
  },
  {
    target: './apps/web/src',
    from: './apps/web/src/testing',
    message: 'Product code does not import test kits (src/testing).',
  },
];
/** The stage set uses a feature as any other code does: through its public index.ts. */
const stageSetFeatureZones = readdirSync('./apps/server/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: './apps/server/src/embedded',
    from: `./apps/server/src/features/${entry.name}`,
    except: ['./index.ts'],
    message: `Import the ${entry.name} feature through its public index.ts, not its internals.`,
  }));

/** Tests may reach the composition root (they exercise the whole app); other code may not. */
const compositionZones = [
  {
    target: './apps/server/src/features',
    from: './apps/server/src/app',
    message: 'Features do not import the composition root.',
  },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features do not import the app shell.',
  },
];
/** Every other boundary, for all code. */
const boundaryZones = [
  {
    target: './packages/core',
    from: ['./apps', './e2e', './bench'],
    message: 'core is a leaf package: it imports nothing of the apps.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app talks to the server over HTTP only.',
  },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  {
    // The kernel serves every feature; only the composition root (app/, server.ts) wires features in.
    target: serverKernel,
    from: ['./apps/server/src/features', './apps/server/src/app'],
    message: 'The server kernel (access, config, db, http, jobs, lib) imports no feature.',
  },
  ...featureZones('./apps/server/src/features'),
  ...stageSetFeatureZones,
  {
    // Code flows one way: shared (lib, ui, config) → features → app (STYLE.md).
    target: ['./apps/web/src/lib', './apps/web/src/ui', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code must not import features or the app.',
  },
  ...featureZones('./apps/web/src/features'),
];

/**
 * ARCHITECTURE §4: the web hides what a role cannot do with core's functions (space permissions,
 * isOwner, isManager, settingsPageOf…), the ones the server enforces, so the two never drift. A
 * web feature compares no role itself: no `userRole ===`, `role !==`, `=== 'OWNER'`, no switch on
 * a role (tooling/boundaries.test.ts proves the rule fires on tooling/lint-fixtures/role-comparison.tsx).
 */
const ROLE = '/^(userRole|role)$/';
const ROLE_NAME = '/^(OWNER|ADMIN|MEMBER)$/';
const roleComparisonMessage =
  'Decide on roles in core (packages/core/src/permissions): use a space permission or a core function, not a role comparison.';
const roleComparisons = [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name=${ROLE}], [right.property.name=${ROLE}], [left.name=${ROLE}], [right.name=${ROLE}], [left.value=${ROLE_NAME}], [right.value=${ROLE_NAME}])`,
    message: roleComparisonMessage,
  },
  {
    selector: `SwitchStatement:matches([discriminant.property.name=${ROLE}], [discriminant.name=${ROLE}])`,
    message: roleComparisonMessage,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
      // Deliberately broken code that tooling/boundaries.test.ts lints on purpose.
      'tooling/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse dependencies as TypeScript too, or no-cycle cannot follow them.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/core/tsconfig.json',
            'apps/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      // Type-only imports are erased at run time and do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...boundaryZones, ...compositionZones],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/server/src/embedded/**',
      'apps/server/src/embedded-door.ts',
      'apps/*/src/testing/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaryZones, ...compositionZones, ...stageSetZones] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...roleComparisons] },
  },
);
