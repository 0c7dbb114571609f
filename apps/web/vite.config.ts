import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * One build, several HTML entries: the admin app (index.html), the public price page
 * (list-service.html), the waiting room's calling screen (display.html) and kiosk (kiosk.html).
 * The server serves `dist/` with an SPA fallback to index.html for every other non-/api path.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/bundle-budget.mjs to measure the first loads of /login, /admin, /list-service, /display and /kiosk.
    manifest: true,
    // Reported sizes: the budgets are 300 KB gzipped for /login and /admin, 200 KB for /list-service, 150 KB for /display and /kiosk.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      input: {
        admin: here('./index.html'),
        'list-service': here('./list-service.html'),
        display: here('./display.html'),
        kiosk: here('./kiosk.html'),
      },
      // Chunks are named by their content hash alone: the route table's preload lists name each of ~240 chunks in the
      // first load, and their readable names cost 1.2 KB gzipped of it (docs/decisions.md "Chunk names"). The manifest
      // still maps every source file to its chunk (scripts/bundle-budget.mjs reads it).
      output: { chunkFileNames: 'assets/[hash].js', assetFileNames: 'assets/[hash][extname]' },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: true },
    },
  },
});
