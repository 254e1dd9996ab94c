-- Issue 41: the play.threshold_reached event (docs/decisions/play-closed-testing.md, "The event").
--
-- "12 testers for 14 days" becomes true by the passing of time, not by a row, so no trigger can
-- see it: the Node server's play-threshold watch computes the 12 x 14 card as the console does
-- and records each stretch that reached it here, once. The row is the memory of "already told":
-- the event is written in the same statement, only when the row is new, so a restart, a second
-- process or a second check can never emit it twice for the same stretch.
create table app_private.play_threshold_reached (
  -- When the count last reached the required number of testers: one stretch, one event.
  required_since timestamptz primary key,
  apply_on date not null,
  testers integer not null,
  required integer not null,
  days integer not null,
  reached_at timestamptz not null default now()
);

revoke all on table app_private.play_threshold_reached from public, anon, authenticated;
grant all on table app_private.play_threshold_reached to service_role;
