-- Issue 40: no email payload is built in SQL, and kind names reach SQL as parameters.
-- docs/decisions/email-queue.md
--
-- 1. The end-of-hour summary past an owner's cap. The contact and feedback triggers counted it into
--    the queue row's payload (jsonb_build_object('count', …, 'hourStart', …, 'feedback', …)). The
--    counts are now kept where the cap is counted, on the owner's hour (app_private.owner_notify_counts,
--    whose row lock already serialises concurrent inserts), and the triggers queue the summary with
--    the facts only: kind, owner, the key naming the hour, when it is due. The worker reads the
--    counts when it claims the row (src/mail-core/queue-rows.ts). A row queued in the old shape
--    still sends: the claim adds its stored counts to the ones counted since (the same hour).
-- 2. The functions that name the welcome and confirmation emails take the kinds' names as
--    arguments; the TypeScript callers pass each kind's own name (src/emails/*.kind.ts). The
--    one-argument versions stay, as wrappers naming today's kinds, for the Supabase edge function
--    deployed before this migration: `supabase db push` runs before `supabase functions deploy`
--    (docs/deploy-supabase.md), and sign-ups and unsubscribes in between must still work. Nothing
--    in this repository calls them; a later migration may drop them.
-- 3. The triggers that forget a person's invitation and play emails name their kinds as arguments,
--    like the queueing triggers (20261126232100).

alter table app_private.owner_notify_counts
  -- Of `count`: those past the cap (they wait for the summary), and how many of those were feedback.
  add column past_cap integer not null default 0,
  add column past_cap_feedback integer not null default 0;

-- The summary's dedupe key, `<kind>:<UTC hour, YYYY-MM-DDTHH>:<owner>` (src/emails/contact-owner-summary.kind.ts):
-- the triggers write it, and the worker finds the hour's counts by it.
create function app_private.owner_summary_key(summary_kind text, hour_start timestamptz, owner text) returns text
language sql
stable
set search_path = ''
as $$
  select summary_kind || ':' || to_char(hour_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24') || ':' || owner
$$;
revoke all on function app_private.owner_summary_key(text, timestamptz, text) from public;
grant execute on function app_private.owner_summary_key(text, timestamptz, text) to service_role;

-- Counts one contact message or feedback entry (`about`, its id) for every owner, and queues the
-- owner's copy under the cap (notify_kind; contact_message_id or feedback_id, read at claim) or the
-- end-of-hour summary past it (summary_kind; its counts stay here). Shared by both triggers: the
-- cap is one budget for contact messages and feedback.
create function app_private.notify_owners(notify_kind text, summary_kind text, about bigint, is_feedback boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  o record;
  n integer;
  this_hour timestamptz := date_trunc('hour', now(), 'UTC');
begin
  for o in select email, notify_max_per_hour from app_private.owner_emails loop
    insert into app_private.owner_notify_counts as c (owner, hour_start, count, past_cap, past_cap_feedback)
    values (o.email, this_hour, 1, 0, 0)
    on conflict (owner, hour_start) do update set count = c.count + 1
    returning c.count into n;
    if n = 1 then
      -- A new hour: forget the owner's old ones, but not one whose summary still waits to be sent
      -- (the worker reads its counts when it claims it).
      delete from app_private.owner_notify_counts c
      where c.owner = o.email and c.hour_start < this_hour - interval '1 day'
        and not exists (
          select 1 from app_private.email_queue q
          where q.dedupe_key = app_private.owner_summary_key(summary_kind, c.hour_start, c.owner)
            and q.status in ('pending', 'sending'));
    end if;
    if n <= o.notify_max_per_hour then
      if is_feedback then
        insert into app_private.email_queue (kind, to_email, dedupe_key, feedback_id)
        values (notify_kind, o.email, notify_kind || ':' || about || ':' || o.email, about)
        on conflict (dedupe_key) do nothing;
      else
        insert into app_private.email_queue (kind, to_email, dedupe_key, contact_message_id)
        values (notify_kind, o.email, notify_kind || ':' || about || ':' || o.email, about)
        on conflict (dedupe_key) do nothing;
      end if;
    else
      update app_private.owner_notify_counts
      set past_cap = past_cap + 1, past_cap_feedback = past_cap_feedback + is_feedback::integer
      where owner = o.email and hour_start = this_hour;
      insert into app_private.email_queue (kind, to_email, dedupe_key, next_attempt_at)
      values (summary_kind, o.email, app_private.owner_summary_key(summary_kind, this_hour, o.email),
        this_hour + interval '1 hour')
      on conflict (dedupe_key) do nothing;
    end if;
  end loop;
end
$$;
revoke all on function app_private.notify_owners(text, text, bigint, boolean) from public;

-- The triggers keep their names and arguments (20261126232100, 20261126232000): only their bodies change.
create or replace function app_private.contact_messages_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The kinds: the owner's copy, and the end-of-hour summary past the cap.
  perform app_private.notify_owners(tg_argv[0], tg_argv[1], new.id, false);
  return null;
end
$$;

create or replace function app_private.beta_feedback_notify_owners() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The kinds: the owner's copy, and the end-of-hour summary past the cap.
  perform app_private.notify_owners(tg_argv[0], tg_argv[1], new.id, true);
  return null;
end
$$;

-- The welcome email's rule (20261122300000), the kind's name an argument: the row's kind, and its
-- dedupe key `<kind>:<canonical mailbox>` (src/emails/welcome.kind.ts).
create function app_private.enqueue_welcome_email(address text, welcome_kind text) returns boolean
language sql
volatile
set search_path = ''
as $$
  -- Without double opt-in (the Node server's SIGNUP_CONFIRMATION off, and always on Supabase) the
  -- welcome email ends the sign-up: it is marked confirmed (20261122100200).
  with signup as (
    update public.beta_signups s set confirmed_at = coalesce(s.confirmed_at, now())
    where app_private.canonical_email(s.email) = app_private.canonical_email(address)
    returning s.email
  ), queued as (
    insert into app_private.email_queue (kind, to_email, dedupe_key)
    select welcome_kind, signup.email, welcome_kind || ':' || app_private.canonical_email(signup.email) from signup
    on conflict (dedupe_key) do nothing
    returning 1
  )
  select exists (select 1 from queued)
$$;
revoke all on function app_private.enqueue_welcome_email(text, text) from public;
grant execute on function app_private.enqueue_welcome_email(text, text) to service_role;

-- For an edge function deployed before this migration only (see 2. above).
create or replace function app_private.enqueue_welcome_email(address text) returns boolean
language sql
volatile
set search_path = ''
as $$
  select app_private.enqueue_welcome_email(address, 'welcome')
$$;

-- Unsubscribing (20261126130000's body), the kinds queued per mailbox (the welcome and confirmation
-- emails, keyed `<kind>:<canonical mailbox>`) an argument.
create function app_private.unsubscribe(token uuid, mailbox_kinds text[]) returns boolean
language plpgsql
volatile strict
security definer
set search_path = ''
as $$
declare
  address text;
  mailbox text;
begin
  perform set_config('app.person_left', 'unsubscribed', true);
  delete from public.beta_signups where unsubscribe_token = token returning email into address;
  perform set_config('app.person_left', '', true);
  if address is null then
    return false;
  end if;
  mailbox := app_private.canonical_email(address);
  perform pg_advisory_xact_lock(hashtextextended('beta_signups:' || mailbox, 0));
  delete from app_private.email_queue
  where dedupe_key in (select k || ':' || mailbox from unnest(mailbox_kinds) as k);
  insert into app_private.email_suppressions (mailbox_hmac) values (app_private.mailbox_hmac(address))
  on conflict (mailbox_hmac) do nothing;
  return true;
end
$$;
revoke all on function app_private.unsubscribe(uuid, text[]) from public;
grant execute on function app_private.unsubscribe(uuid, text[]) to service_role;

-- For an edge function deployed before this migration only (see 2. above).
create or replace function app_private.unsubscribe(token uuid) returns boolean
language sql
volatile strict
set search_path = ''
as $$
  select app_private.unsubscribe(token, array['welcome', 'confirm-signup'])
$$;

-- A person who leaves the list takes their invitation and play emails with them (20261122400000,
-- 20261124300000); the kinds are the triggers' arguments.
create or replace function app_private.beta_signups_forget_invitation() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation_kind text := tg_argv[0];
begin
  delete from app_private.email_queue where dedupe_key = invitation_kind || ':' || old.id;
  return null;
end
$$;

drop trigger beta_signups_forget_invitation on public.beta_signups;
create trigger beta_signups_forget_invitation
after delete on public.beta_signups
for each row execute function app_private.beta_signups_forget_invitation('invitation');

create or replace function app_private.beta_signups_forget_play_emails() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  question_kind text := tg_argv[0];
  reminder_kind text := tg_argv[1];
begin
  delete from app_private.email_queue
  where dedupe_key = question_kind || ':' || old.id
     or (kind = reminder_kind and dedupe_key like reminder_kind || ':' || old.id || ':%');
  return null;
end
$$;

drop trigger beta_signups_forget_play_emails on public.beta_signups;
create trigger beta_signups_forget_play_emails
after delete on public.beta_signups
for each row execute function app_private.beta_signups_forget_play_emails('play-question', 'play-reminder');
