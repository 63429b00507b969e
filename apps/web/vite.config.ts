import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './sw/build-plugin';
import { precompress } from './build/precompress';

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/media': { target: 'http://localhost:3000' },
    },
  },
  // The manifest lets scripts/size-budget.mjs follow what the first screen loads.
  build: { target: 'es2022', sourcemap: false, manifest: true },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
