-- Extensions live in schema `extensions`, not `public` (issue 15, defect 11). Migration
-- 20261122200200 created pg_trgm wherever the search path pointed, which is `public` on every
-- deployment. On Supabase, PostgREST exposes `public`, and functions there are executable by anon
-- (PostgreSQL's default, and Supabase's default privileges grant them to anon explicitly), so anon
-- could call similarity(), set_limit() and show_trgm() over RPC. Supabase's database advisor asks
-- for this (lint 0014, extension_in_public).
--
-- Moving the extension moves its functions, operators and operator classes with it. The index
-- beta_signups_email_trgm refers to gin_trgm_ops by identity, not by name, so it keeps working,
-- and the console's `lower(email) like '%part%'` uses core operators (~~), so its plan is unchanged.

-- Supabase creates the schema (with usage granted to anon, authenticated and service_role); PGlite
-- and a plain PostgreSQL get it here, with no grants.
create schema if not exists extensions;

do $$
begin
  if exists (
    select 1 from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm' and n.nspname <> 'extensions'
  ) then
    alter extension pg_trgm set schema extensions;
  end if;
end
$$;

-- Nothing of ours calls pg_trgm's functions by name: the index calls its support functions
-- without a privilege check. Nobody else needs them, so only the owner keeps EXECUTE; this also
-- takes back the grants Supabase's default privileges gave anon when they were made in public.
do $$
declare
  f regprocedure;
  r text;
begin
  for f in
    select d.objid::regprocedure
    from pg_depend d join pg_extension e on e.oid = d.refobjid
    where e.extname = 'pg_trgm' and d.deptype = 'e'
      and d.classid = 'pg_proc'::regclass and d.refclassid = 'pg_extension'::regclass
  loop
    execute format('revoke all on function %s from public', f);
    for r in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
      execute format('revoke all on function %s from %I', f, r);
    end loop;
  end loop;
end
$$;
