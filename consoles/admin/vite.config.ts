import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url));

// The operator console (react-admin), served by the app and nginx under /admin/.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@tuerca/contracts': contracts } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2500 },
  server: {
    port: 5174,
    proxy: {
      '/api': process.env.TUERCA_API ?? 'http://localhost:8080',
      '/admin-api': process.env.TUERCA_API ?? 'http://localhost:8080',
    },
  },
});
