// The child process of snapshot.ts: opens a copied PGlite folder (replaying its WAL), writes its
// dump to a file, prints the dump's header as one JSON line. Not for direct use.
import { openPglite } from '../../db/pglite.ts'
import { writeDump } from './dump.ts'
import { writePrivateFile } from './files.ts'

const [copy, out, takenAt] = process.argv.slice(2)
if (!copy || !out) {
  console.error('usage: dump-child COPY_DIR OUT_FILE [TAKEN_AT]')
  process.exit(2)
}
const db = await openPglite(copy)
try {
  let header
  await writePrivateFile(out, async (write) => {
    header = await writeDump(db, 'pglite', write, takenAt)
  })
  console.log(JSON.stringify(header))
} finally {
  await db.close()
}
