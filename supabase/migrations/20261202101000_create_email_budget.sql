-- Issue 52, item 3: the email provider's capacity, one budget for every process.
-- Decisions: docs/decisions/email-capacity.md

-- One row: a token bucket for the plan's rate (EMAIL_RATE_PER_SECOND), today's count for its daily
-- quota (EMAIL_DAILY_LIMIT, a UTC day as Resend counts it), and the pause a provider asked for
-- (a 429 with retry-after, SMTP's 421/452). Every claim of the queue takes its token here, in the
-- claim's own statement, so the pace holds across processes and through a transaction pooler.
create table app_private.email_budget (
  id boolean primary key default true,
  -- Tokens left when last refilled; null: a full bucket (no rate was set, or none taken yet).
  tokens double precision,
  refilled_at timestamptz,
  -- The UTC day `day_sent` counts (emails claimed for sending that day).
  day date,
  day_sent integer not null default 0,
  -- No process sends before this time (the provider said "slow down"); why, for the console.
  paused_until timestamptz,
  pause_reason text,
  -- The UTC day the provider said its daily quota was spent.
  quota_hit_on date,
  -- The UTC day the owners were told the queue will not drain within the day's quota: once a day.
  short_warned_on date,
  constraint email_budget_one_row check (id),
  constraint email_budget_day_sent check (day_sent >= 0),
  constraint email_budget_reason check (char_length(pause_reason) <= 500)
);
insert into app_private.email_budget default values;
revoke all on table app_private.email_budget from public, anon, authenticated;
grant all on table app_private.email_budget to service_role;

-- Takes `wanted` sends from the budget. Returns 0 when they are granted (and spent), else the
-- milliseconds until they could be: the end of a provider's pause, the next UTC midnight when the
-- daily limit is reached, or when the bucket (burst = the rate, at least 1) has refilled enough.
-- `rate` or `daily` null: no such limit. `at_time` null: the database's clock, read once the row is
-- locked, so a waiting claim never refills from before the last one; tests pass their own clock.
create function app_private.take_email_tokens(
  wanted integer,
  rate double precision,
  daily integer,
  at_time timestamptz default null
) returns double precision
language plpgsql
volatile
set search_path = ''
as $$
declare
  b app_private.email_budget;
  t timestamptz;
  today date;
  burst double precision;
  have double precision;
begin
  if wanted <= 0 then
    return 0;
  end if;
  select * into b from app_private.email_budget where id for update;
  if not found then
    insert into app_private.email_budget default values on conflict (id) do nothing;
    select * into b from app_private.email_budget where id for update;
  end if;
  t := coalesce(at_time, clock_timestamp());
  today := (t at time zone 'UTC')::date;
  if b.day is distinct from today then
    b.day_sent := 0;
  end if;
  if b.paused_until > t then
    return greatest(1, extract(epoch from b.paused_until - t) * 1000);
  end if;
  if daily is not null and b.day_sent + wanted > daily then
    return greatest(1, extract(epoch from ((today + 1)::timestamp at time zone 'UTC') - t) * 1000);
  end if;
  if rate is not null then
    burst := greatest(rate, 1);
    have := case
      when b.tokens is null or b.refilled_at is null then burst
      else least(burst, b.tokens + rate * greatest(0, extract(epoch from t - b.refilled_at)))
    end;
    if have < wanted then
      return greatest(1, ceil((wanted - have) / rate * 1000));
    end if;
    have := have - wanted;
  end if;
  update app_private.email_budget
  set tokens = have,
      refilled_at = greatest(t, coalesce(refilled_at, t)),
      day = today,
      day_sent = b.day_sent + wanted
  where id;
  return 0;
end
$$;
revoke all on function app_private.take_email_tokens(integer, double precision, integer, timestamptz) from public;
grant execute on function app_private.take_email_tokens(integer, double precision, integer, timestamptz) to service_role;

-- The "drains in about N minutes" figure reads the last minute's sends.
create index email_queue_sent_at on app_private.email_queue (sent_at) where sent_at is not null;
