-- What the public TestFlight join page (BETA_IOS_URL) said when the Node server last read it, so
-- that iPhone invitations wait while the beta is full or closed, the owner is told once per change,
-- and the console can say which state the link is in (docs/decisions/testflight-link-health.md).
-- One row: the latest check. `known_state` is the last state that was not "unknown" (a failed
-- check never blocks invitations and never emails the owner), and `changed_at` when it became so.
create table app_private.testflight_checks (
  id boolean primary key default true check (id),
  state text not null check (state in ('open', 'full', 'closed', 'unknown')),
  known_state text check (known_state in ('open', 'full', 'closed')),
  checked_at timestamptz not null default now(),
  changed_at timestamptz
);

revoke all on table app_private.testflight_checks from public, anon, authenticated;
grant all on table app_private.testflight_checks to service_role;
