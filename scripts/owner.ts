// `npm run owner -- link EMAIL`: prints a one-time sign-in URL for the console (15 minutes, single
// use) as the last line. The first-run and recovery path: it needs no working email.
// Run it with the server's environment (OWNER_EMAILS, PUBLIC_URL, DATABASE_URL or PGLITE_DIR).
// It never opens a PGlite folder a server may be using: see docs/decisions/owner-console.md.
import { loadConfig, type Config } from '../src/server/config.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { openDb } from '../src/server/db/open.ts'
import { ownerSecret, readSecretFile, secretFilePath, writeSecretFile } from '../src/server/owner/keys.ts'
import { LINK_TTL_MS, signInUrl, signLinkToken } from '../src/server/owner/link-token.ts'
import { normaliseEmail } from '../src/shared/email-address.ts'

const USAGE = 'usage: npm run owner -- link EMAIL'

async function main(argv: string[]): Promise<number> {
  const [command, address, ...rest] = argv
  if (command !== 'link' || !address || rest.length) {
    console.error(USAGE)
    return 2
  }
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (err) {
    console.error((err as Error).message)
    return 1
  }
  const email = normaliseEmail(address)
  if (!config.OWNER_EMAILS.includes(email)) {
    console.error(
      `${address} is not in OWNER_EMAILS (${config.OWNER_EMAILS.join(', ') || 'empty'}); add it and restart the server.`,
    )
    return 1
  }
  const secret = await findSecret(config)
  const url = signInUrl(config.PUBLIC_URL, signLinkToken(secret, email))
  console.log(`One-time sign-in link for ${email}, valid ${LINK_TTL_MS / 60_000} minutes:`)
  console.log(url)
  return 0
}

/**
 * PostgreSQL: read the secret from the database, which any number of processes may open.
 * PGlite: the running server (or an earlier run) left a copy beside the data folder; only when
 * there is none, so no server has ever started on that folder, open the folder ourselves.
 */
async function findSecret(config: Config): Promise<Buffer> {
  const file = config.DATABASE_URL ? null : secretFilePath(config.PGLITE_DIR)
  if (file) {
    const saved = await readSecretFile(file)
    if (saved) return saved
  }
  if (!config.DATABASE_URL && !file) throw new Error('PGLITE_DIR=memory:// keeps nothing another process could use')
  const db = await openDb(config)
  try {
    await migrate(db)
    const secret = await ownerSecret(db)
    if (file) await writeSecretFile(file, secret)
    return secret
  } finally {
    await db.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  },
)
