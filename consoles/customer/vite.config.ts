import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url));

// The customer console; @tuerca/contracts is compiled from its sources (messages, schemas, rules).
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@tuerca/contracts': contracts } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: {
    port: 5173,
    proxy: { '/api': process.env.TUERCA_API ?? 'http://localhost:8080' },
  },
});
