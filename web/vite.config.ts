import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * Emits sw.js with the build's id, so every deployment changes it: the browser installs the new worker and
 * the page offers "Update available" (SPEC.md §2). It caches nothing.
 */
function serviceWorker(): Plugin {
  return {
    name: 'scm-service-worker',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `// build ${Date.now().toString(36)}
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
`,
      });
    },
  };
}

// The gateway serves web/dist at `/`; in development vite proxies /api to a running `npm start`.
export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
  // The web app shares the permission rule, schemas and catalogs with the services, from source.
  resolve: { alias: { '@scm/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 400 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  define: { __APP_VERSION__: JSON.stringify('v20210715.2300') },
});
