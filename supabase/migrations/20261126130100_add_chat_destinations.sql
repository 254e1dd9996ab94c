-- Issue 41, item 2: Slack and Discord incoming webhooks as destinations beside signed webhooks.
-- A chat destination is an endpoint of another kind: the same events, deliveries and log, but the
-- sender groups what is due into one message at most every minute (next_message_at), in the
-- service's own format. docs/decisions/outbound-events.md
alter table app_private.outbound_endpoints
  add column kind text not null default 'webhook',
  -- A chat destination's next message is not sent before this (the minute of grouping, or the
  -- service's rate limit); null: now.
  add column next_message_at timestamptz,
  add constraint outbound_endpoints_kind_known check (kind in ('webhook', 'slack', 'discord'));

