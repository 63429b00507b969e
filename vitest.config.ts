import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // `npm run test:coverage` (every project): lines, branches and functions of the sources that the tests load,
    // tests and test helpers left out. The floors only go up: raise them when coverage rises (ARCHITECTURE.md,
    // Tests). Measured by `npm test` on a fresh clone (2026-11-29, vitest 4.1.12, V8, every project in one run):
    // server lines 91.6 %, web lines 70.1 %, shared 100 %. The web's 83.2 % recorded before came from another
    // kind of run; why the two differ is still to be found, so the web floor is the figure CI measures.
    coverage: {
      provider: 'v8',
      include: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**', 'apps/web/src/main.tsx'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      reportOnFailure: true,
      thresholds: {
        // Measured on PostgreSQL; on the embedded database (a fresh machine's `npm test`) other connection code
        // runs, so the server's floor stays at 85 % until both are measured.
        'apps/server/src/**': { lines: 85 },
        'apps/web/src/**': { lines: 70 },
      },
    },
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web',
    ],
  },
});
