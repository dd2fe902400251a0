import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time, whatever the cores (Vitest's default is one fewer than the cores: one
    // on the 2-core CI machine). Most server files spend their time waiting on a server, Janus or
    // a browser, so two overlap well: the whole run took 714 s against 1,004 s with one (2 cores).
    maxWorkers: 2,
    projects: [
      {
        // Checks of the repository's own tooling (lint rules); seconds, no server.
        test: {
          name: 'tooling',
          root: 'scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'protocol',
          root: 'packages/protocol',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Some page tests start a real server (PGlite in its worker thread: a fresh database is
          // created and migrated first), which outlasts the default 10 s on a busy machine.
          hookTimeout: 60_000,
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
