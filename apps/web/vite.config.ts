import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudgets } from './bundle-budgets.ts';

export default defineConfig({
  plugins: [react(), bundleBudgets()],
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080', '/metrics': 'http://127.0.0.1:8080' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
});
