-- Issue 43, items 3 and 5: one link for every phone (/app), counted. Decisions: docs/decisions/app-link.md

-- Openings of /app per hour, source and platform (ios, android, other): aggregates only, kept 25
-- months like the other counts. Written by the launch counter's flush, never per request.
create table app_private.analytics_app_opens (
  hour timestamptz not null,
  source text not null,
  os text not null,
  opens integer not null default 0,
  primary key (hour, source, os),
  constraint analytics_app_opens_on_the_hour check (hour = date_trunc('hour', hour)),
  constraint analytics_app_opens_source check (char_length(source) between 1 and 64 and position('@' in source) = 0),
  constraint analytics_app_opens_os check (os in ('ios', 'android', 'other')),
  constraint analytics_app_opens_count check (opens >= 0)
);
revoke all on table app_private.analytics_app_opens from public, anon, authenticated;
grant all on table app_private.analytics_app_opens to service_role;

-- A share link (/go/<name>) leads to the page, or to /app (each phone to its store).
alter table app_private.analytics_channels
  add column target text not null default 'page',
  add constraint analytics_channels_target check (target in ('page', 'app'));

-- Each person's own /app link (/app?t=…), in the "we are live" message: random, one per person,
-- never shown to anon, not the invitation's token (opening it is a different step). Its first
-- opening is written once: the Launch view counts people who opened the store link after launch.
alter table public.beta_signups
  add column app_token uuid not null default gen_random_uuid(),
  add column app_opened_at timestamptz,
  add constraint beta_signups_app_token_key unique (app_token);

-- A message to testers may carry each person's /app link.
alter table app_private.group_messages
  add column app_link boolean not null default false;
