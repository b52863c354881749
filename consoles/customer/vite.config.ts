import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShell } from './app-shell';

const contracts = fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url));

// The customer console; @tuerca/contracts is compiled from its sources (messages, schemas, rules).
export default defineConfig({
  plugins: [react(), appShell()],
  resolve: { alias: { '@tuerca/contracts': contracts } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The contracts' modules only declare schemas, routes and messages: a page takes the ones it imports, not
      // every route of the product (without this, every schema came with the first page: 100 KB compressed).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]contracts[\\/]src[\\/]/.test(id) },
      output: {
        // The framework every page needs (React, MUI's styling system, the router, TanStack Query) in one long-cached
        // chunk; MUI's components and each page's own code split by the pages that use them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-is|react-router|@emotion|@tanstack|@mui[\\/](system|utils|styled-engine|private-theming)|@babel[\\/]runtime|stylis|hoist-non-react-statics|clsx|prop-types)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.TUERCA_API ?? 'http://localhost:8080' },
  },
});
