import type { TestProject } from 'vitest/node'
import { startPgCluster } from '../scripts/pg-cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    TEST_DATABASE_URL: string
  }
}

/**
 * One throwaway PostgreSQL per `vitest run`. Tests read the URL with inject(); it is also put
 * in process.env before the workers start, so code that only knows the env var finds it too.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster()
  project.provide('TEST_DATABASE_URL', cluster.url)
  process.env.TEST_DATABASE_URL = cluster.url
  return async () => {
    delete process.env.TEST_DATABASE_URL
    await cluster.stop()
  }
}
