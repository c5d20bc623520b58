import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineShell } from './shell/inline-shell.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The web client lives in web/ and is built into dist/web, which the Koa server serves with an
// SPA fallback. In development the API runs beside it on port 3000.
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), inlineShell()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // apps/build-web.ts reads the manifest to check the landing page's JavaScript budget.
    manifest: true,
    // No source maps to browsers in production (static-web.ts also refuses to serve any).
    sourcemap: false,
    // The stylesheet is inlined into index.html (shell/inline-shell.ts): lazy chunks must not
    // fetch it again as a preload dependency.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !dep.endsWith('.css')) },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
