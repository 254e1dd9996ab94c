import { createHmac, randomBytes } from 'node:crypto'
import { chmod, readFile, rename, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Db, Tx } from '../db/db.ts'

/**
 * The owner secret: signs one-time sign-in links and keys the audit log's address hashes. Made
 * once, kept in the database so every process and `npm run owner` share it.
 */
export async function ownerSecret(db: Db | Tx): Promise<Buffer> {
  await db.query(
    "insert into app_private.owner_keys (name, secret) values ('owner', $1) on conflict (name) do nothing",
    [randomBytes(32)],
  )
  const r = await db.query<{ secret: Uint8Array }>("select secret from app_private.owner_keys where name = 'owner'")
  return Buffer.from(r.rows[0]!.secret)
}

/**
 * One key per purpose, derived from the secret, so a link signature can never pass as an address
 * hash. 'log' is the logs' address hashes (log-redact.ts derives it the same way itself, so that
 * the edge function need not import this file).
 */
export function derivedKey(secret: Buffer, purpose: 'link' | 'audit' | 'log'): Buffer {
  return createHmac('sha256', secret).update(`solodesk-owner:${purpose}`).digest()
}

/**
 * PGlite only: where the server leaves a copy of the secret for `npm run owner`, which cannot open
 * the database while the server has it (docs/decisions/owner-console.md). Beside the data folder.
 */
export function secretFilePath(pgliteDir: string): string | null {
  return pgliteDir.startsWith('memory://') ? null : `${resolve(pgliteDir)}.owner-secret`
}

export async function writeSecretFile(path: string, secret: Buffer): Promise<void> {
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temp, secret.toString('base64url'), { mode: 0o600 })
  await chmod(temp, 0o600)
  await rename(temp, path)
}

export async function readSecretFile(path: string): Promise<Buffer | null> {
  try {
    const s = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url')
    return s.length >= 32 ? s : null
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}
