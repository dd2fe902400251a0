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

// Chunks that keep a first load in a few files (issue 11: first-load JS). Left alone, Rolldown
// puts each module in the chunk of the set of lazy routes that use it, so what a page needs
// arrives as dozens of small chunks, and small files compress worse apart than together (about
// 10 KB gzip per page). A group takes every module of its packages that any route uses, so only
// what nearly every page shows belongs in one: a component used by few pages would weigh on all.
/** Modules under node_modules/<one of `paths`>/ (written with `/`; Windows ids use `\`). */
const node = (paths: string[]) =>
  new RegExp(`node_modules/(${paths.join('|')})/`.replaceAll('/', '[\\\\/]'));
/** TanStack Query's context and its `queryOptions` helper: all the join page takes of it. */
const queryContext =
  /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|queryOptions)\.js$/;
const chunkGroups = [
  // React, the router, i18next, zustand and Mantine's provider and styling core.
  {
    name: 'framework',
    test: (id: string) =>
      queryContext.test(id) ||
      node([
        'react',
        'react-dom',
        'scheduler',
        'react-router',
        'i18next',
        'react-i18next',
        'zustand',
        'use-sync-external-store',
        '@mantine/core/esm/core',
      ]).test(id),
  },
  // TanStack Query: loaded with the pages that use queries and once signed in, not with the join
  // page (shared/api/appQueryClient.ts).
  {
    name: 'query',
    test: (id: string) => !queryContext.test(id) && node(['@tanstack/[a-z-]+']).test(id),
  },
  // Mantine's building blocks of the join page, the home page and the main layout's header.
  {
    name: 'ui',
    test: node([
      `@mantine/core/esm/components/(${[
        'Group',
        'Stack',
        'Text',
        'Title',
        'Button',
        'UnstyledButton',
        'ActionIcon',
        'Anchor',
        'Center',
        'Container',
        'Paper',
        'Alert',
        'Loader',
        'Input',
        'InputBase',
        'TextInput',
        'NativeSelect',
        'Combobox/ComboboxChevron',
        'VisuallyHidden',
        'Transition',
        'Portal',
        'CloseButton',
        'Progress',
      ].join('|')})`,
    ]),
  },
  // The protocol's messages and error codes the join page's and the home page's strings name
  // (and the helper their string files are written with): apart, Rolldown cut them into a chunk
  // per set of importers, smaller files that compress worse (+0.5 KB gzip on /app).
  {
    name: 'messages',
    test: /([\\/]packages[\\/]protocol[\\/]src[\\/](errors|api[\\/](events|qr-calls)-messages)|[\\/]src[\\/]shared[\\/]i18n[\\/]strings)\.ts$/,
  },
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
});
