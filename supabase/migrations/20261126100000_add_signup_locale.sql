-- A sign-up keeps the language of the page it came from, so that every email and server page
-- that follows speaks it (docs/decisions/languages.md). Null for sign-ups made before this, and
-- for clients that send none: they get the site's default language.
--
-- The Node server accepts only the site's languages (content/site.yaml's `locales`). PostgREST on
-- Supabase inserts without our schema, so the database checks the shape of a language tag (BCP 47:
-- a language, optionally a region or script); a well-formed tag the site does not serve falls back
-- to the default language when an email or a page is made.
alter table public.beta_signups
  add column locale text,
  add constraint beta_signups_locale check (locale ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$');

grant insert (locale) on table public.beta_signups to anon;
