-- What the app's database needs from a superuser, once, before the server's first start
-- (docs/deploy.md, step 2). Run it as the `postgres` user, connected to the app's database:
--
--   sudo -u postgres psql --dbname launch-page --set app_role=launch-page --file deploy/postgres-setup.sql
--
-- After it, the app's own role needs nothing but ownership of its database: it is neither
-- superuser nor CREATEROLE, and the server applies supabase/migrations at start as that role.
-- The migrations are shared with Supabase and PGlite, where these objects exist already or the
-- migrating role may create them; here they are made ahead, so the migrations' own statements
-- find them and skip (docs/decisions/postgres-least-privilege.md). Running it again changes nothing.

\set ON_ERROR_STOP on
\if :{?app_role}
\else
  do $$ begin raise exception 'the app''s role is missing: psql --dbname DB --set app_role=ROLE --file deploy/postgres-setup.sql'; end $$;
\endif

begin;

-- The roles Supabase has and the migrations grant to (20250601120000): a role is cluster-wide,
-- so creating one takes CREATEROLE, which the app's role does not get.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit;
  end if;
end
$$;
-- The server runs each visitor's insert as anon (SET LOCAL ROLE anon), so its login is a member.
-- Granting membership takes ADMIN OPTION on anon; the first migration skips it when it is done.
grant anon to :"app_role";

-- pg_trgm, for the console's search (20261122200200), in schema extensions as on Supabase
-- (20261123100000). A trusted extension's functions belong to the bootstrap superuser, so the
-- app's role could create it but never move it, nor revoke its functions: both are done here.
create schema if not exists extensions;
grant usage on schema extensions to :"app_role";
create extension if not exists pg_trgm with schema extensions;
-- The migrations name gin_trgm_ops without a schema, as Supabase's search path allows.
select format('alter database %I set search_path = "$user", public, extensions', current_database()) as set_path
\gset
:set_path;

-- Nobody needs pg_trgm's functions by name (the index calls them without a privilege check):
-- take EXECUTE from PUBLIC, as 20261123100000 does where the migrating role owns them. The app's
-- role keeps it, so that migration's REVOKEs, run by a role that owns nothing of pg_trgm, are
-- harmless no-ops (a warning each) rather than "permission denied".
select set_config('setup.app_role', :'app_role', true) as app_role_setting
\gset
do $$
declare
  f regprocedure;
begin
  for f in
    select d.objid::regprocedure
    from pg_depend d join pg_extension e on e.oid = d.refobjid
    where e.extname = 'pg_trgm' and d.deptype = 'e'
      and d.classid = 'pg_proc'::regclass and d.refclassid = 'pg_extension'::regclass
  loop
    execute format('revoke all on function %s from public', f);
    execute format('grant execute on function %s to %I', f, current_setting('setup.app_role'));
  end loop;
end
$$;

commit;
