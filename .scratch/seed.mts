import { openDb } from '/work/h42/src/server/db/open.ts'
import { migrate } from '/work/h42/src/server/db/migrate.ts'
const dir = process.argv[2]
const db = await openDb({ PGLITE_DIR: dir })
await migrate(db)
let t = Date.now()
for (let from = 1; from <= 100000; from += 5000) {
  await db.query(`insert into public.beta_signups (email, created_at)
       select 'member' || i || '.' || substr(md5(i::text), 1, 6) || '@example' || (i % 97) || '.com', now() - make_interval(mins => i)
       from generate_series($1::int, $2::int) i`, [from, Math.min(100000, from + 4999)])
}
console.log('seed', Date.now() - t)
t = Date.now(); await db.exec('checkpoint'); console.log('checkpoint', Date.now() - t)
await db.close()
