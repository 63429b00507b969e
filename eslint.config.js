// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = '**/*.{ts,tsx,mts,cts}';
const JS = '**/*.{js,mjs,cjs,jsx}';

/** Test code: vitest files next to the source, and the server's test harness. */
const TESTS = ['**/*.test.{ts,tsx}', 'apps/server/test/**/*.ts'];

// ---------------------------------------------------------------------------------------------------------------------
// Import boundaries (enforced with `no-restricted-imports`, which matches the import *specifier*, not the resolved path)
//
// 1. apps/web and apps/server never import each other (neither by package name, by an `apps/...` path, nor by a
//    relative path that climbs out of the app). Anything both sides need lives in packages/shared (`@burti/shared`).
//    packages/shared imports neither app.
// 2. Inside apps/web/src/features/<name>/, a feature may import only its own files. The one exception is
//    features/auth/api/* (the signed-in user is shared by every feature). Anything else that several features need
//    belongs in src/components or src/lib. Cross-feature composition happens in src/app (routes, shell), which may
//    import from any feature.
//
//    Because the rule only sees the specifier, rule 2 is implemented per feature: for feature X, a relative import
//    that climbs (`../`) and then names another feature folder (`../../clubs/...`), or any path through a
//    `features/` segment to another feature (`../../../features/clubs/...`), is reported. The list of feature
//    folders is read from disk when ESLint starts, so new features are covered automatically.
// 3. On the server, each module is routes (HTTP only) -> service (rules, permissions) -> queries (SQL). A module uses
//    another module only through that module's `<name>.service.ts`; `lib/`, `db/` and `plugins/` import nothing from
//    `modules/`; services and queries take plain values, never Fastify's request, reply or instance. Module folders
//    are read from disk too. Tests may reach anywhere.
// 4. No import cycles anywhere (`import-x/no-cycle`, imports resolved as TypeScript resolves them, workspace
//    packages included; `import type` is erased at build time and is not an edge). A cycle is broken by moving what
//    both sides need down a level.
// 5. The server is layered, and an import only points down (`import-x/no-restricted-paths`, on resolved paths):
//      env.ts, paths.ts, defaults.ts  <  db/  <  lib/  <  config.ts  <  plugins/  <  modules/  <  app.ts  <  main.ts
//    (what the environment says; the database handle and schema; helpers; the app's configuration made from the
//    environment; Fastify plugins; the feature modules; the app that composes them; the process). Tests may reach
//    anywhere. On the web, src/components and src/lib import neither src/features nor src/app, and a feature never
//    imports src/app: the app composes features, not the other way round.
// ---------------------------------------------------------------------------------------------------------------------

/** @param {string} s */
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @param {string} app */
function otherAppPatterns(app) {
  const message = `Do not import from apps/${app}: move what both apps need into packages/shared (@burti/shared).`;
  return [
    { regex: `^@burti/${app}(/|$)`, message },
    { regex: `(^|/)apps/${app}(/|$)`, message },
    { regex: `^(\\.\\./)+${app}(/|$)`, message },
  ];
}

const webFeaturesDir = join(import.meta.dirname, 'apps/web/src/features');
const webFeatures = existsSync(webFeaturesDir)
  ? readdirSync(webFeaturesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** @param {string} feature */
function featureBoundaryPatterns(feature) {
  const self = escapeRegex(feature);
  const others = webFeatures.map(escapeRegex).join('|');
  // Allowed targets: this feature itself, and features/auth/api(/...)
  const allowed = `(?!(?:${self}/|auth/api(?:/|$)))`;
  const message =
    `Feature "${feature}" must not import another feature's internals (only features/auth/api/* is shared). ` +
    'Move shared code to src/components or src/lib, or compose the features in src/app.';
  const patterns = [{ regex: `(^|/)features/${allowed}`, message }];
  if (others) patterns.push({ regex: `^(\\.\\./)+${allowed}(?:${others})(/|$)`, message });
  return patterns;
}

const serverModulesDir = join(import.meta.dirname, 'apps/server/src/modules');
const serverModules = existsSync(serverModulesDir)
  ? readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** @param {string} module */
function serverModulePatterns(module) {
  const self = escapeRegex(module);
  return [
    {
      regex: `^\\.\\./(?!${self}/)([a-z-]+)/(?![a-z-]+\\.service\\.js$)`,
      message: `Module "${module}" may use another module only through its <name>.service.ts.`,
    },
  ];
}

/**
 * The server's layers, lowest first (rule 5 at the top). A file may import its own layer and the ones below: every
 * layer above it is a forbidden `from`.
 * @type {{ name: string, paths: string[] }[]}
 */
const serverLayers = [
  { name: 'the environment (env.ts, paths.ts, defaults.ts)', paths: ['env.ts', 'paths.ts', 'defaults.ts'] },
  { name: 'db/', paths: ['db/**'] },
  { name: 'lib/', paths: ['lib/**'] },
  { name: 'config.ts', paths: ['config.ts'] },
  { name: 'plugins/', paths: ['plugins/**'] },
  { name: 'modules/', paths: ['modules/**'] },
  { name: 'app.ts', paths: ['app.ts'] },
  { name: 'main.ts', paths: ['main.ts'] },
];
const SERVER_SRC = 'apps/server/src';

// One zone per (layer, layer above) pair: a zone's `from` may not mix globs (`db/**`) with plain files (`config.ts`).
const serverLayerZones = serverLayers.flatMap((layer, index) =>
  serverLayers.slice(index + 1).flatMap((above) =>
    layer.paths.flatMap((target) =>
      above.paths.map((from) => ({
        target: `${SERVER_SRC}/${target}`,
        from: `${SERVER_SRC}/${from}`,
        message: `${layer.name} is below ${above.name}: import only from its own layer or lower ones (ARCHITECTURE.md, Server).`,
      })),
    ),
  ),
);

const WEB_SRC = 'apps/web/src';
const webZones = [
  {
    target: `${WEB_SRC}/features/**`,
    from: `${WEB_SRC}/app/**`,
    message:
      'A feature does not import src/app (the app composes features): move what both need to src/components or src/lib.',
  },
  {
    target: [`${WEB_SRC}/components/**`, `${WEB_SRC}/lib/**`],
    from: [`${WEB_SRC}/app/**`, `${WEB_SRC}/features/**`],
    message: 'src/components and src/lib sit below the features and the app: they import neither.',
  },
];

/** Files ESLint's cycle and layer rules resolve imports with: TypeScript's resolution, each workspace's tsconfig. */
const importResolvers = [
  createTypeScriptImportResolver({
    noWarnOnMultipleProjects: true,
    project: [
      'apps/server/tsconfig.json',
      'apps/web/tsconfig.json',
      'packages/shared/tsconfig.json',
      'e2e/tsconfig.json',
      'bench/tsconfig.json',
    ],
  }),
  createNodeResolver(),
];

const noFastifyObjects = {
  name: 'fastify',
  importNames: ['FastifyRequest', 'FastifyReply', 'FastifyInstance'],
  message: 'Services and queries take plain values: read what they need from the request in the route.',
};

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-mobile/',
    'bench/.build/',
    'data/',
    '**/test-results/',
    '**/playwright-report/',
    'apps/server/drizzle/',
    'apps/web/android/',
    'apps/web/ios/',
    'apps/web/public/',
    // A template the build fills in (apps/web/sw/build-plugin.ts).
    'apps/web/sw/sw.js',
    'coverage/',
    // Type-checked by scripts/third-party-client.mjs against types generated from docs/openapi.json.
    'scripts/third-party/',
    // Planted import cycles and upward imports that apps/server/test/lint-seams.test.ts expects lint to refuse.
    'apps/server/test/fixtures/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // --- everything ----------------------------------------------------------------------------------------------------
  js.configs.recommended,

  // --- TypeScript (type-aware) ---------------------------------------------------------------------------------------
  {
    files: [TS],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root-level config files belong to no workspace tsconfig; type-check them with the shared base options.
          allowDefaultProject: ['*.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // `onClick={async () => ...}` is fine in JSX; everywhere else a promise-returning function where a
      // void-returning one is expected (e.g. `setTimeout(async ...)`, `emitter.on('x', async ...)`) is a bug.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: true },
      ],
      // With verbatimModuleSyntax, `import { type A } from 'x'` keeps a side-effect import of 'x'; use `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // --- plain JavaScript (config files, scripts): not type-checked ----------------------------------------------------
  {
    files: [JS],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },

  // --- Node code -----------------------------------------------------------------------------------------------------
  {
    files: [
      'apps/server/**/*.ts',
      'e2e/**/*.ts',
      '*.ts',
      'apps/web/vite.config.ts',
      // shared is isomorphic in intent, but its tsconfig (and its tests) use Node types
      'packages/shared/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // --- Tests: parsing JSON responses yields `any`; tracking every field through a type guard adds nothing ------------
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // --- Web (React) ---------------------------------------------------------------------------------------------------
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Hooks also live in .ts files (features/*/api), so the hooks rules apply to both.
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  // Every word a fan reads comes from the catalogues (locales/en and locales/ka): no text written into JSX, and
  // no literal accessible name, title, placeholder or alt text. Tests may write what they look for.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: TESTS,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label)$/] > Literal[value=/\\p{L}/u]',
          message: 'User-facing text must come from the i18n catalogue: use t().',
        },
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Literal[value=/\\p{L}{2}/u], TemplateLiteral[expressions.length=0])',
          message: 'User-facing text must come from the i18n catalogue: use t().',
        },
      ],
    },
  },

  // --- No import cycles; layers point down (rules 4 and 5 at the top) -------------------------------------------------
  {
    files: [TS, JS],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': importResolvers,
      // Files of these kinds are read for their imports (the default is .js alone, which would see no TypeScript).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      // Only the project's own files are walked (packages in node_modules cannot import back into it).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [
      // The Drizzle schema is one unit: its tables name each other's columns in callbacks (`references(() => …)`)
      // that run only once every file of it has loaded (posts.match_id → fixtures, fixtures → clubs).
      'apps/server/src/db/schema/*.ts',
    ],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...serverLayerZones, ...webZones] },
      ],
    },
  },

  // --- Import boundaries (see the comment at the top). Later blocks replace `no-restricted-imports` options wholesale,
  //     so the feature blocks repeat the cross-app patterns. ----------------------------------------------------------
  {
    files: ['packages/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...otherAppPatterns('web'), ...otherAppPatterns('server')] }],
    },
  },
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: otherAppPatterns('web') }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: otherAppPatterns('server') }] },
  },
  {
    files: ['apps/server/src/{lib,db,plugins}/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...otherAppPatterns('web'),
            { regex: '(^|/)modules/', message: 'lib/, db/ and plugins/ import nothing from modules/.' },
          ],
        },
      ],
    },
  },
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...otherAppPatterns('web'), ...serverModulePatterns(module)] }],
    },
  })),
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/*.{service,queries}.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...otherAppPatterns('web'), ...serverModulePatterns(module)], paths: [noFastifyObjects] },
      ],
    },
  })),
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/*.queries.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...otherAppPatterns('web'),
            ...serverModulePatterns(module),
            { regex: '\\.service\\.js$', message: 'Queries hold SQL only: the rules that call them live in services.' },
          ],
          paths: [noFastifyObjects],
        },
      ],
    },
  })),
  // A module's subfolder (modules/matches/providers/, modules/matches/sync/): `../` is still its own module, and
  // another module is two levels up.
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/*/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...otherAppPatterns('web'),
            {
              regex: `^\\.\\./\\.\\./(?!${escapeRegex(module)}/)([a-z-]+)/(?![a-z-]+\\.service\\.js$)`,
              message: `Module "${module}" may use another module only through its <name>.service.ts.`,
            },
          ],
          paths: [noFastifyObjects],
        },
      ],
    },
  })),
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...otherAppPatterns('server'), ...featureBoundaryPatterns(feature)] },
      ],
    },
  })),
);
