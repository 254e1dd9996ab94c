-- Issue 19: Google Play closed testing (docs/decisions/play-closed-testing.md).
--
-- play_testers: per Android tester, the Google account they use on the Play Store (optional, given
-- on the phone-choice page; the Play list export uses it instead of the sign-up address; it is
-- never mailed) and the token of their "Did you join the test?" answer links. play_answers: their
-- answers, in order ('joined', 'trouble', 'left'); the console's 12 x 14 card reads them.
-- Both go with the sign-up (on delete cascade): leaving the list, expiry and erasure take them.

create table app_private.play_testers (
  signup_id bigint primary key references public.beta_signups (id) on delete cascade,
  google_account text,
  answer_token uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  constraint play_testers_answer_token_key unique (answer_token),
  constraint play_testers_google_account_length check (char_length(google_account) between 3 and 254),
  constraint play_testers_google_account_format check (google_account ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  constraint play_testers_google_account_trimmed check (google_account = btrim(google_account))
);

create table app_private.play_answers (
  id bigint generated always as identity primary key,
  signup_id bigint not null references public.beta_signups (id) on delete cascade,
  answer text not null,
  answered_at timestamptz not null default now(),
  constraint play_answers_answer_known check (answer in ('joined', 'trouble', 'left'))
);
create index play_answers_signup on app_private.play_answers (signup_id, answered_at);

revoke all on table app_private.play_testers, app_private.play_answers from public, anon, authenticated;
grant all on table app_private.play_testers, app_private.play_answers to service_role;

-- As the invitation (20261122400000): a person who leaves the list (unsubscribe, erasure, expiry,
-- a delete by hand) takes their "Did you join the test?" and reminder emails with them, sent or
-- not, so that no address is kept.
create function app_private.beta_signups_forget_play_emails() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app_private.email_queue
  where dedupe_key = 'play-question:' || old.id
     or (kind = 'play-reminder' and dedupe_key like 'play-reminder:' || old.id || ':%');
  return null;
end
$$;
revoke all on function app_private.beta_signups_forget_play_emails() from public;

create trigger beta_signups_forget_play_emails
after delete on public.beta_signups
for each row execute function app_private.beta_signups_forget_play_emails();
