-- The owner's console searches sign-ups by any part of the address (issue 9): a trigram index
-- serves `lower(email) like '%part%'` at 100,000 rows and more. pg_trgm ships with PostgreSQL's
-- contrib (Debian's postgresql-15 package), with PGlite (loaded in src/server/db/pglite.ts) and on
-- Supabase (where it may already exist in schema extensions).
create extension if not exists pg_trgm;

create index beta_signups_email_trgm on public.beta_signups using gin (lower(email) gin_trgm_ops);
-- The same for the contact inbox's lookups by sender when a person is erased.
create index contact_messages_email_lower on public.contact_messages (lower(btrim(email)));
