import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { excalidrawFonts } from './excalidrawFonts.ts';

const apiTarget = process.env.PODIUM_API ?? 'http://127.0.0.1:8080';
const apiPaths = [
  '/api',
  '/apis',
  '/apiv1',
  '/graphql',
  '/member',
  '/v1',
  '/1-1',
  '/config',
  '/healthz',
  '/dev',
  '/socket',
];

export default defineConfig({
  plugins: [react(), excalidrawFonts()],
  server: {
    port: 5173,
    // In `npm run dev` the API is the Podium server; the socket path is proxied with ws.
    proxy: Object.fromEntries(
      apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false, ws: p === '/socket' }]),
    ),
  },
  // The manifest (dist/.vite/manifest.json) tells bench/web.mjs and the size budgets
  // (.size-limit.mjs) which files each page loads.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
});
