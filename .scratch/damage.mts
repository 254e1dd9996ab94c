import { openPglite } from '/work/h42/src/server/db/pglite.ts'
try { const db = await openPglite(process.argv[2]); console.log('opened'); await db.query('select count(*) from public.beta_signups').then(r=>console.log(r.rows), e=>console.log('qerr', e.message)); } catch (e) { console.log('ERR', (e as Error).constructor.name, (e as Error).message) }
