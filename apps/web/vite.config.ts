import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './sw/build-plugin';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';

export default defineConfig({
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
});
