import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { bundleBudgets } from './bundle-budgets.ts';
import { keyruneSets } from './keyrune-sets.ts';

export default defineConfig({
  plugins: [react(), keyruneSets(), bundleBudgets()],
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080', '/metrics': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Two documents: the app, and the public storefront with only what that page needs.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        storefront: fileURLToPath(new URL('storefront.html', import.meta.url)),
      },
    },
  },
});
