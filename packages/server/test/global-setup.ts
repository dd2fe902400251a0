import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../src/test-support/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** One PostgreSQL cluster for the whole server test run; each test file makes its own database. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('pgUrl', cluster.url);
  return async () => {
    await cluster.stop();
  };
}
