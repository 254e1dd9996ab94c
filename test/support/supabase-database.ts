import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPgCluster, type PgCluster } from '../../scripts/pg-cluster.ts'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations', import.meta.url))

/**
 * What a new Supabase project's database holds before the first migration, as far as our
 * migrations can tell: the roles, schemas, grants and default privileges that Supabase's Postgres
 * image creates. Taken from supabase/postgres, migrations/db/init-scripts/00000000000000-initial-schema.sql
 * (roles, `extensions`, default privileges in `public`), 00000000000001-auth-schema.sql (the `auth`
 * schema) and 00000000000003-post-setup.sql (search paths). Left out: replication and dashboard
 * users, publications, the auth tables and the pg_cron/pg_net event triggers, which our migrations
 * never touch. As there, the default privileges are those of the role that creates the tables:
 * `db push` runs the migrations as `postgres`, so every new table in public starts out granted
 * to anon, authenticated and service_role, and each migration must revoke what it does not want.
 */
const SUPABASE_INIT_SQL = `
create role supabase_admin login superuser createdb createrole replication bypassrls;

create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;

create role authenticator login noinherit;
grant anon to authenticator;
grant authenticated to authenticator;
grant service_role to authenticator;
grant supabase_admin to authenticator;

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

alter default privileges for user supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for user supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for user supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
alter role postgres set search_path to "$user", public, extensions;
`

export type SupabaseDatabase = {
  /** As `postgres`, the role Supabase gives SUPABASE_DB_URL and `db push`. */
  url: string
  /** As `authenticator`, the login PostgREST uses before `set role anon` / `authenticated`. */
  authenticatorUrl: string
  /** The migration files applied, in order. */
  applied: string[]
  cluster: PgCluster
  stop(): Promise<void>
}

/** A throwaway PostgreSQL prepared like a new Supabase project, then supabase/migrations applied unchanged, in file-name order. */
export async function startSupabaseDatabase(): Promise<SupabaseDatabase> {
  const cluster = await startPgCluster({ database: 'postgres_supabase' })
  try {
    const client = new pg.Client({ connectionString: cluster.url })
    await client.connect()
    try {
      await client.query(SUPABASE_INIT_SQL)
      const applied = await applyMigrations(client)
      return {
        url: cluster.url,
        authenticatorUrl: cluster.url.replace('postgresql://postgres@', 'postgresql://authenticator@'),
        applied,
        cluster,
        stop: () => cluster.stop(),
      }
    } finally {
      await client.end()
    }
  } catch (err) {
    await cluster.stop()
    throw err
  }
}

/** As `supabase db push` does: each file once, whole, in name order; nothing else runs in between. */
async function applyMigrations(client: pg.Client): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
  for (const name of files) {
    const sql = await readFile(join(MIGRATIONS_DIR, name), 'utf8')
    await client.query('begin')
    try {
      await client.query(sql)
      await client.query('commit')
    } catch (err) {
      await client.query('rollback')
      throw new Error(`migration ${name} failed on the Supabase-like database: ${(err as Error).message}`)
    }
  }
  return files
}
