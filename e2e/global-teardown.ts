import { rm } from 'node:fs/promises'

/** The outbox folder is ours (playwright.config.ts made it); the server has stopped by now. */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_OUTBOX_DIR
  if (dir) await rm(dir, { recursive: true, force: true })
}
