import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
const db = await PGlite.create(process.argv[2], { extensions: { pg_trgm } })
const q = async (s: string) => console.log(JSON.stringify((await db.query(s)).rows))
await q(`select n.nspname, c.relname, c.reltuples from pg_class c join pg_namespace n on n.oid=c.relnamespace where c.relkind in ('r','p') and n.nspname not in ('pg_catalog','information_schema') order by 1,2`)
await q(`select tgrelid::regclass, tgname from pg_trigger where not tgisinternal`)
await q(`select conrelid::regclass, confrelid::regclass, conname from pg_constraint where contype='f'`)
await q(`select attrelid::regclass, attname, attgenerated, attidentity from pg_attribute a join pg_class c on c.oid=a.attrelid join pg_namespace n on n.oid=c.relnamespace where n.nspname in ('public','app_private') and (attgenerated<>'' or attidentity<>'') and c.relkind='r'`)
await q(`select sequencename, schemaname from pg_sequences`)
await db.close()
