import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import MailComposer from 'nodemailer/lib/mail-composer'
import { canonicalEmail } from '../../shared/email-address.ts'
import { refuseHeaderInjection } from '../../mail-core/header-safety.ts'
import { mailOptions } from './message-id.ts'
import type { OutgoingEmail, SendResult, Transport } from '../../mail-core/transport.ts'

/** What `<id>.json` holds: the marker that the email is complete, and the easy way to read it. */
export type OutboxRecord = {
  id: string
  to: string
  from: string
  subject: string
  text: string
  headers: Record<string, string>
  messageId: string
  createdAt: string
}

// The id becomes a file name: keep it to characters that cannot leave the folder.
const SAFE_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

/** Writes each email to files in `dir` instead of sending it (development default). Layout: docs/decisions/email-outbox.md. */
export function createOutboxTransport(options: { dir: string }): Transport {
  const { dir } = options
  // Once, at start: temp files that a crash left between write and rename.
  const cleaned = removeLeftoverTempFiles(dir)
  return {
    name: 'outbox',
    async send(email: OutgoingEmail): Promise<SendResult> {
      await cleaned
      const refused = refuseHeaderInjection(email)
      if (refused) return refused
      if (!SAFE_ID.test(email.id)) {
        return { ok: false, retryable: false, error: `Refused: id ${JSON.stringify(email.id)} is not a safe file name` }
      }
      try {
        const marker = join(dir, `${email.id}.json`)
        if (await exists(marker)) return { ok: true, id: email.id }
        // Every email in clear: the server's user only, whatever the umask.
        await mkdir(dir, { recursive: true, mode: 0o700 })
        const options = mailOptions(email)
        const createdAt = new Date()
        const eml = await new MailComposer({ ...options, date: createdAt }).compile().build()
        const record: OutboxRecord = {
          id: email.id,
          to: email.to,
          from: email.from,
          subject: email.subject,
          text: email.text,
          headers: email.headers,
          messageId: options.messageId,
          createdAt: createdAt.toISOString(),
        }
        await writeAtomic(dir, `${email.id}.eml`, eml)
        await writeAtomic(dir, `${email.id}.html`, email.html)
        await writeAtomic(dir, `${email.id}.json`, `${JSON.stringify(record, null, 2)}\n`)
        await syncDir(dir)
        return { ok: true, id: email.id }
      } catch (err) {
        // A full disk or a permission problem may clear up; let the queue try again.
        return { ok: false, retryable: true, error: `Outbox write failed: ${(err as Error).message}` }
      }
    },
    async close() {},
    forget: (address) => forgetMailbox(dir, address),
  }
}

/**
 * Erasure: deletes every email in the outbox sent to this mailbox, or about
 * it (an owner's copy of its contact message has it as Reply-To), in any spelling the canonical
 * form equates. Each email's marker (`.json`) goes last, so an interrupted run leaves it to be
 * found by the next. Returns how many emails were removed.
 */
async function forgetMailbox(dir: string, address: string): Promise<number> {
  const mailbox = canonicalEmail(address)
  let removed = 0
  for (const name of await namesIn(dir)) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue
    let record: Partial<OutboxRecord>
    try {
      record = JSON.parse(await readFile(join(dir, name), 'utf8')) as Partial<OutboxRecord>
    } catch {
      continue // not one of ours, or removed meanwhile
    }
    const about = [record.to, record.headers?.['Reply-To']].filter((a): a is string => typeof a === 'string')
    if (!about.some((a) => canonicalEmail(bareAddress(a)) === mailbox)) continue
    const id = name.slice(0, -'.json'.length)
    for (const file of [`${id}.eml`, `${id}.html`, name]) {
      await unlink(join(dir, file)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
      })
    }
    removed += 1
  }
  if (removed > 0) await syncDir(dir)
  return removed
}

/** `Name <a@b>` or `a@b` → `a@b`. */
function bareAddress(value: string): string {
  return /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw err
  }
}

/** The temp files writeAtomic makes: `.<name>.<12 hex>.tmp`. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/

/**
 * Deletes the temp files of writes that a crash interrupted. The outbox folder belongs to one
 * process (the development transport), so none of them can still be in use. Never fails: a folder
 * that does not exist yet has nothing to clean, and a file that cannot be removed is harmless.
 */
async function removeLeftoverTempFiles(dir: string): Promise<number> {
  let removed = 0
  for (const name of (await namesIn(dir)).filter((n) => TEMP_FILE.test(n))) {
    await unlink(join(dir, name)).then(
      () => removed++,
      () => {},
    )
  }
  return removed
}

/** The folder's entries; none for a folder that does not exist yet (nothing was written). */
const namesIn = (dir: string): Promise<string[]> => readdir(dir).catch(() => [])

// Temp file, fsync, rename: a reader (or a restart) sees the old state or the whole file, never half of it.
async function writeAtomic(dir: string, name: string, data: string | Buffer): Promise<void> {
  const temp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temp, 'w', 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temp, join(dir, name))
  } catch (err) {
    await unlink(temp).catch(() => {})
    throw err
  }
}

// Makes the renames themselves durable. Some platforms cannot open a directory: best effort there.
async function syncDir(dir: string): Promise<void> {
  let handle
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    return
  } finally {
    await handle?.close()
  }
}
