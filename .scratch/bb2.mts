import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { cp, readdir, writeFile, mkdir, rm, copyFile } from 'node:fs/promises'
import { join } from 'node:path'
const src = process.argv[2], dst = process.argv[3]
const db = await PGlite.create(src, { extensions: { pg_trgm } })
await rm(dst, { recursive: true, force: true })
const start = (await db.query<{ lsn: string }>("select pg_backup_start('x', true) as lsn")).rows[0]
let t = Date.now()
// writes during the copy
const writer = (async () => { for (let i = 0; i < 200; i++) await db.query(`insert into public.beta_signups (email) values ('during${i}@example.org')`) })()
await cp(src, dst, { recursive: true, filter: (s) => !s.startsWith(join(src, 'pg_wal') + '/') })
await writer
console.log('copy', Date.now() - t)
const stop = (await db.query<{ lsn: string; labelfile: string }>('select * from pg_backup_stop(false)')).rows[0]!
console.log(stop.labelfile)
const startFile = /\(file ([0-9A-F]+)\)/.exec(stop.labelfile)![1]!
for (const f of await readdir(join(src, 'pg_wal'))) if (/^[0-9A-F]{24}$/.test(f) && f >= startFile) { await copyFile(join(src, 'pg_wal', f), join(dst, 'pg_wal', f)); console.log('wal', f) }
await writeFile(join(dst, 'backup_label'), stop.labelfile)
await db.query(`insert into public.beta_signups (email) values ('after@example.org')`)
await db.close()
t = Date.now()
const copy = await PGlite.create(dst, { extensions: { pg_trgm } })
console.log('open', Date.now() - t, (await copy.query(`select count(*), count(*) filter (where email like 'during%') d, count(*) filter (where email like 'after%') a from public.beta_signups`)).rows)
await copy.close()
