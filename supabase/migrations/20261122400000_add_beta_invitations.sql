-- From the beta list to the testers' phones (issue 11): which phone each person uses, whether they
-- were invited and whether they opened the invitation, and the tokens behind their email links.
-- Decisions: docs/decisions/beta-invitations.md

alter table public.beta_signups
  add column platform text not null default 'unknown',
  add column status text not null default 'waiting',
  -- Random (gen_random_uuid, 122 random bits), one per person and purpose, never shown to anon:
  -- anon keeps its insert-only grant on (email, website).
  add column platform_token uuid not null default gen_random_uuid(),
  add column invite_token uuid not null default gen_random_uuid(),
  add column invited_at timestamptz,
  -- Which store links the invitation carried: decided when the owner confirmed the batch.
  add column invitation_links text,
  add column opened_at timestamptz,
  add constraint beta_signups_platform_known check (platform in ('unknown', 'ios', 'android')),
  add constraint beta_signups_status_known check (status in ('waiting', 'invited')),
  add constraint beta_signups_invitation_links_known check (invitation_links in ('ios', 'android', 'both')),
  add constraint beta_signups_invited_complete check (
    (status = 'waiting' and invited_at is null and invitation_links is null and opened_at is null)
    or (status = 'invited' and invited_at is not null and invitation_links is not null)
  ),
  add constraint beta_signups_platform_token_key unique (platform_token),
  add constraint beta_signups_invite_token_key unique (invite_token);

-- "Invite the next N": the oldest waiting first.
create index beta_signups_waiting on public.beta_signups (created_at, id) where status = 'waiting';

-- Statuses move forward only, whoever writes (the server, the service role, psql): waiting ->
-- invited, never back; the invitation time, what it carried and the first opening are written once;
-- a chosen platform never returns to 'unknown'; tokens never change.
create function app_private.beta_signups_forward_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'invited' and new.status is distinct from 'invited' then
    raise exception 'an invited sign-up cannot go back to %', new.status using errcode = '23514';
  end if;
  if old.invited_at is not null and new.invited_at is distinct from old.invited_at then
    raise exception 'invited_at is written once' using errcode = '23514';
  end if;
  if old.invitation_links is not null and new.invitation_links is distinct from old.invitation_links then
    raise exception 'invitation_links is written once' using errcode = '23514';
  end if;
  if old.opened_at is not null and new.opened_at is distinct from old.opened_at then
    raise exception 'opened_at is written once' using errcode = '23514';
  end if;
  if old.platform <> 'unknown' and new.platform = 'unknown' then
    raise exception 'a chosen platform cannot go back to unknown' using errcode = '23514';
  end if;
  if new.platform_token is distinct from old.platform_token or new.invite_token is distinct from old.invite_token then
    raise exception 'tokens never change' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke all on function app_private.beta_signups_forward_only() from public;

create trigger beta_signups_forward_only
before update on public.beta_signups
for each row execute function app_private.beta_signups_forward_only();

-- The new kind of email. The allowed kinds are read from the constraint as it stands, and every
-- kind that has a builder in src/server/mail-transports/kinds.ts is kept: migrations written in parallel
-- branches each replaced the list with their own (the owner console's dropped 'confirm-signup'),
-- and this one, applied after them, must leave every kind allowed, whatever the merge order.
do $$
declare
  kinds text[];
begin
  select array_agg(distinct k order by k) into kinds
  from (
    select m[1] as k
    from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
    where c.conrelid = 'app_private.email_queue'::regclass and c.conname = 'email_queue_kind_known'
    union
    select unnest(array['welcome', 'confirm-signup', 'contact-owner', 'owner-sign-in', 'signup-digest', 'invitation'])
  ) all_kinds;
  alter table app_private.email_queue drop constraint email_queue_kind_known;
  execute format(
    'alter table app_private.email_queue add constraint email_queue_kind_known check (kind = any (%L::text[]))',
    kinds
  );
end
$$;

-- A person who leaves the list (unsubscribe, erasure, a delete by hand) takes their invitation
-- email with them, sent or not, as the welcome email goes on unsubscribe: no address is kept.
create function app_private.beta_signups_forget_invitation() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app_private.email_queue where dedupe_key = 'invitation:' || old.id;
  return null;
end
$$;
revoke all on function app_private.beta_signups_forget_invitation() from public;

create trigger beta_signups_forget_invitation
after delete on public.beta_signups
for each row execute function app_private.beta_signups_forget_invitation();

-- Pacing survives downtime. A batch is queued with its emails `paceMs` apart (payload.paceMs). If
-- the worker falls behind (a stopped or crashed server, a slow provider), the rest of the schedule
-- would all be due at once and go out back to back, past the provider's rate limit. So when an
-- invitation is claimed and the next pending one is due within half a pace, every pending
-- invitation slides later by the lag, keeping their spacing. In normal running nothing moves.
create function app_private.email_queue_pace_invitations() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  pace interval := make_interval(secs => coalesce((new.payload ->> 'paceMs')::double precision, 0) / 1000);
  next_due timestamptz;
begin
  if pace <= interval '0' then
    return new;
  end if;
  select min(q.next_attempt_at) into next_due
  from app_private.email_queue q
  where q.kind = 'invitation' and q.status = 'pending' and q.id <> new.id;
  if next_due is not null and next_due < now() + pace / 2 then
    -- SKIP LOCKED: a row locked now is being claimed by another worker, which slides it itself.
    update app_private.email_queue q
    set next_attempt_at = q.next_attempt_at + (now() + pace - next_due)
    where q.id in (
      select p.id from app_private.email_queue p
      where p.kind = 'invitation' and p.status = 'pending' and p.id <> new.id
      for update skip locked
    );
  end if;
  return new;
end
$$;
revoke all on function app_private.email_queue_pace_invitations() from public;

create trigger email_queue_pace_invitations
before update of status on app_private.email_queue
for each row when (new.kind = 'invitation' and new.status = 'sending')
execute function app_private.email_queue_pace_invitations();
