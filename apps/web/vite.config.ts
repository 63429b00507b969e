import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './sw/build-plugin';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';

const require = createRequire(import.meta.url);
const reactRouterProduction = (file: string) =>
  join(dirname(require.resolve('react-router/package.json')), 'dist/production', file);

export default defineConfig(({ mode }) => ({
  // React Router's package exports point every bundler at its development build, whose warnings stay switched on
  // (remix-run/react-router#14102); a production build takes the production files it also ships.
  resolve:
    mode === 'production'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ],
        }
      : undefined,
  plugins: [
    react(),
    tailwindcss(),
    // The screens a first visit lands on (scripts/size-budget.mjs budgets the same two).
    routePreload({ '/auth': 'src/app/routes/auth.tsx', '/feed': 'src/app/routes/feed.tsx' }),
    serviceWorker(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/media': { target: 'http://localhost:3000' },
    },
  },
  // The manifest lets scripts/size-budget.mjs follow what the first screen loads.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // What the entry loads statically is always loaded together: one file, not a queue of small ones.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], priority: 1 }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
