import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: two API processes behind nginx on one PostgreSQL and one Redis (see cluster.spec.ts).
export default defineConfig({
  test: {
    name: 'cluster',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
