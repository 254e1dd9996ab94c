-- Issue 33: launch day, measured (docs/decisions/launch-analytics.md).
--
-- The Node server counts the page's document requests without a cookie or a script. A visitor is
-- an HMAC of address, browser string and host under a random salt of the UTC day; the salt is
-- deleted 48 hours after its day began, and its visitor rows with it (on delete cascade). No
-- address or browser string is ever stored. What stays after 48 hours is counts per hour.

create table app_private.analytics_salts (
  day date primary key,
  salt bytea not null,
  constraint analytics_salts_length check (octet_length(salt) >= 16)
);

-- One row per visitor per day: how the visit that day is attributed, so that a sign-up can take
-- it. `joinable` is false for a visitor who sent Sec-GPC: 1 (or with ANALYTICS_JOIN_SIGNUPS=false).
create table app_private.analytics_visitors (
  day date not null references app_private.analytics_salts (day) on delete cascade,
  visitor bytea not null,
  source text not null,
  medium text not null default '',
  campaign text not null default '',
  device text not null,
  os text not null,
  joinable boolean not null,
  pageviews integer not null default 0,
  primary key (day, visitor)
);

-- The aggregates: per hour and attribution, visitors first seen that hour and document requests.
create table app_private.analytics_hourly (
  hour timestamptz not null,
  source text not null,
  medium text not null default '',
  campaign text not null default '',
  device text not null,
  os text not null,
  visitors integer not null default 0,
  pageviews integer not null default 0,
  primary key (hour, source, medium, campaign, device, os),
  constraint analytics_hourly_on_the_hour check (hour = date_trunc('hour', hour))
);

-- What was left out, by reason and hour: the owner sees it (never drop silently).
create table app_private.analytics_left_out (
  hour timestamptz not null,
  reason text not null,
  requests integer not null default 0,
  primary key (hour, reason)
);

-- Each flush writes its id in the same transaction, so a flush retried after an unknown outcome
-- (the connection died during COMMIT) never counts twice. Kept 48 hours.
create table app_private.analytics_flushes (
  id uuid primary key,
  at timestamptz not null default now()
);

-- Share links: /go/<name> redirects to the page with utm_source (and utm_medium) set.
create table app_private.analytics_channels (
  name text primary key,
  source text not null,
  medium text not null default '',
  opens integer not null default 0,
  created_at timestamptz not null default now(),
  constraint analytics_channels_name check (name ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  constraint analytics_channels_source check (char_length(source) between 1 and 64 and position('@' in source) = 0),
  constraint analytics_channels_medium check (char_length(medium) <= 64 and position('@' in medium) = 0)
);

revoke all on table app_private.analytics_salts, app_private.analytics_visitors, app_private.analytics_hourly,
  app_private.analytics_left_out, app_private.analytics_flushes, app_private.analytics_channels
  from public, anon, authenticated;
grant all on table app_private.analytics_salts, app_private.analytics_visitors, app_private.analytics_hourly,
  app_private.analytics_left_out, app_private.analytics_flushes, app_private.analytics_channels
  to service_role;

-- A sign-up's source. The Node server fills it from the visitor's counted visit (or the POST's
-- Referer); on Supabase the page sends it. Checked here too: PostgREST inserts without our schema.
alter table public.beta_signups
  add column source text,
  add column source_medium text,
  add column source_campaign text,
  add column source_device text,
  add column source_os text,
  add constraint beta_signups_source_label check (char_length(source) between 1 and 64 and position('@' in source) = 0),
  add constraint beta_signups_source_medium_label
    check (char_length(source_medium) between 1 and 64 and position('@' in source_medium) = 0),
  add constraint beta_signups_source_campaign_label
    check (char_length(source_campaign) between 1 and 64 and position('@' in source_campaign) = 0),
  add constraint beta_signups_source_device check (source_device in ('mobile', 'tablet', 'desktop')),
  add constraint beta_signups_source_os check (source_os in ('ios', 'android', 'other'));

grant insert (source, source_medium, source_campaign, source_device, source_os)
  on table public.beta_signups to anon;
