// One lint setup for the whole repository (flat config).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import security from 'eslint-plugin-security';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
/** Web test files that run isolated (apps/web/vitest.config.ts): the only ones that may mock. */
const freshWebTests = JSON.parse(readFileSync('apps/web/fresh-web-tests.json', 'utf8'));
/** Server test files that run isolated (vitest.config.ts, `server-fresh`): the only ones that may mock. */
const freshServerTests = JSON.parse(readFileSync('apps/server/fresh-server-tests.json', 'utf8'));
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** A feature folder is a room: it never imports another feature (STYLE.md). */
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [
              `**/features/${other}`,
              `**/features/${other}/**`,
              `@/features/${other}`,
              `@/features/${other}/**`,
            ],
            message: `features/${feature} must not import features/${other}: move what both need to ui/, lib/, domain or contract.`,
          }))
          .concat({
            group: ['@hookform/resolvers', '@hookform/resolvers/**'],
            message:
              'Forms take their resolver from @/lib/forms/schema-resolver (typed input and output, no casts).',
          }),
      },
    ],
  },
}));

const modulesDir = 'apps/server/src/modules';
const serverModules = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/**
 * A server module shows the app one public surface, its index.ts (docs/architecture.md): from
 * outside the folder only `modules/<area>` (its index) may be imported, never a file inside it.
 */
const serverModuleBoundaries = [
  ...serverModules.map((area) => ({
    files: [`${modulesDir}/${area}/**/*.ts`],
    // Tests and their fixtures may arrange state through another module's internals.
    ignores: ['**/*.test.ts', '**/test-fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverModules
            .filter((other) => other !== area)
            .map((other) => ({
              group: [`**/modules/${other}/*`, `../${other}/*`],
              message: `modules/${area} may use modules/${other} only through its index.ts (import from '../${other}').`,
            })),
        },
      ],
    },
  })),
  {
    // The app, its plugins and main API compose modules; they see only each module's index.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: [`${modulesDir}/**`, '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/*/*'],
              message: 'Outside a module, import only its index.ts (modules/<area>).',
            },
          ],
        },
      ],
    },
  },
];

/** Code flows one way: domain → contract → server / web; ui and lib never reach up into features or app. */
const layerBoundaries = [
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@ledgerline/contract*',
                '@ledgerline/server*',
                '@ledgerline/web*',
                'react',
                'fastify',
                'drizzle-orm*',
              ],
              message: 'packages/domain is pure rules: no I/O, React or Fastify.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@ledgerline/server*',
                '@ledgerline/web*',
                'react',
                'fastify',
                'drizzle-orm*',
              ],
              message: 'packages/contract is the wire contract only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '@/features/**', '@/app/**'],
              message: 'ui/ and lib/ sit below features and app.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Lookups by a key we validated (a zod enum, a method name checked with Object.hasOwn) are
      // the common case here; the rule flags every one of them, so we leave it off and validate input.
      'security/detect-object-injection': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tools, tests and start-up code read and write paths the repository or the operator's
    // configuration names (DATA_DIR, the build folder), never paths from a request.
    files: [
      'scripts/**/*.mjs',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/test/**/*.ts',
      'apps/server/src/db/connect.ts',
      'apps/server/src/app.ts',
      'apps/web/vite.config.ts',
      'apps/web/scripts/**/*.mjs',
    ],
    rules: {
      // Tests and tools read and write files named by the repository, not by users.
      'security/detect-non-literal-fs-filename': 'off',
      'security/detect-child-process': 'off',
    },
  },
  {
    // Web test files share one module graph per worker (apps/web/vitest.config.ts): a module mock
    // would reach every file after it, so only the isolated `freshWebTests` may mock.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: freshWebTests.map((file) => `apps/web/${file}`),
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|hoisted)$/]",
          message:
            'Web test files share a module graph: a file that mocks a module belongs in apps/web/fresh-web-tests.json.',
        },
      ],
    },
  },
  {
    // Server test files share one module graph per worker too (vitest.config.ts): only the
    // isolated `freshServerTests` may mock a module.
    files: ['apps/server/{src,test}/**/*.test.ts'],
    ignores: freshServerTests.map((file) => `apps/server/${file}`),
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|hoisted)$/]",
          message:
            'Server test files share a module graph: a file that mocks a module belongs in apps/server/fresh-server-tests.json.',
        },
      ],
    },
  },
  ...layerBoundaries,
  ...featureBoundaries,
  ...serverModuleBoundaries,
);
