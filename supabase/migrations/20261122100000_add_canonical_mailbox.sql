-- One sign-up per mailbox, not per spelling (issue 8, defect 2a). `v+1@x.com`, `V@X.com` and, at
-- Gmail, `v.i@googlemail.com` all reach one inbox: they are one sign-up and get one welcome email.
-- The address is still stored as typed; only the comparison uses the canonical form.
-- See docs/decisions/suppression-and-canonical-mailbox.md. src/shared/email-address.ts has the
-- TypeScript twin (canonicalEmail), and a test checks that both agree.

-- Lower case; the `+tag` dropped at every domain; at Gmail the dots of the local part ignored and
-- googlemail.com read as gmail.com. A rule that would leave the local part empty is not applied.
-- IMMUTABLE: it backs a unique index.
create function app_private.canonical_email(address text) returns text
language plpgsql
immutable strict parallel safe
set search_path = ''
as $$
declare
  a text := lower(btrim(address));
  at_sign integer := strpos(reverse(a), '@');
  local_part text;
  domain text;
  plus integer;
begin
  if at_sign = 0 then
    return a;
  end if;
  -- The last '@' separates the domain (a quoted local part may hold another).
  local_part := left(a, length(a) - at_sign);
  domain := right(a, at_sign - 1);
  if domain = 'googlemail.com' then
    domain := 'gmail.com';
  end if;
  plus := strpos(local_part, '+');
  if plus > 1 then
    local_part := left(local_part, plus - 1);
  end if;
  if domain = 'gmail.com' and replace(local_part, '.', '') <> '' then
    local_part := replace(local_part, '.', '');
  end if;
  return local_part || '@' || domain;
end
$$;
-- Everyone may run it (PostgreSQL's default for functions): an insert as anon evaluates the index
-- below with anon's rights. It reads nothing, and anon still has no usage on app_private.
grant execute on function app_private.canonical_email(text) to public;

-- Rows stored before this migration may already hold two spellings of one mailbox: keep the first.
delete from public.beta_signups s
using public.beta_signups earlier
where app_private.canonical_email(earlier.email) = app_private.canonical_email(s.email)
  and earlier.id < s.id;

create unique index beta_signups_canonical_email_key on public.beta_signups (app_private.canonical_email(email));
-- Implied by the canonical index, which is stricter.
drop index public.beta_signups_email_key;

-- The welcome email's dedupe key follows the mailbox too. A mailbox that already got two welcome
-- emails (one per spelling) keeps both rows as history; the later ones get a key of their own.
-- Two steps, because the unique key is checked row by row.
update app_private.email_queue set dedupe_key = 'migrating:' || id::text where kind = 'welcome';
update app_private.email_queue q
set dedupe_key = 'welcome:' || app_private.canonical_email(q.to_email) || case when r.n > 1 then ':' || q.id::text else '' end
from (
  select id, row_number() over (partition by app_private.canonical_email(to_email) order by created_at, id) as n
  from app_private.email_queue
  where kind = 'welcome'
) r
where q.id = r.id;

-- As before, but a repeat is now any spelling of a mailbox already on the list.
create or replace function app_private.beta_signups_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  mailbox text;
begin
  if coalesce(new.website, '') <> '' then
    return null;
  end if;
  new.website := null;
  new.email := btrim(new.email);
  mailbox := app_private.canonical_email(new.email);
  -- Serialises concurrent sign-ups of one mailbox so the second one sees the first.
  perform pg_advisory_xact_lock(hashtextextended('beta_signups:' || mailbox, 0));
  if exists (select 1 from public.beta_signups s where app_private.canonical_email(s.email) = mailbox) then
    return null;
  end if;
  return new;
end
$$;
revoke all on function app_private.beta_signups_before_insert() from public;
