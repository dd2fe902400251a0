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

/**
 * What every page runs (React, the router, i18next, TanStack Query, zustand, Mantine's provider
 * and styling core) as one chunk. Left alone, Rolldown cuts it into a dozen small chunks by
 * which lazy routes use each part, and small files compress worse apart than together (issue 11:
 * first-load JS). Only packages a first load uses whole: a group drags in every module of its
 * packages that any route uses, so Mantine's components and the rest stay split per route.
 */
const framework = {
  name: 'framework',
  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]+|zustand|use-sync-external-store|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
};

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
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: [framework] } } },
  },
});
