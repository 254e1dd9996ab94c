-- Issue 41, metrics (docs/decisions/metrics.md): GET /metrics counts rows at each scrape, grouped,
-- so that every process answers the same figures and nothing runs between scrapes. These indexes
-- let those grouped counts read an index instead of every row's whole tuple.
create index beta_signups_source on public.beta_signups (source);
create index email_queue_kind_status on app_private.email_queue (kind, status);
create index outbound_deliveries_endpoint_status on app_private.outbound_deliveries (endpoint_id, status);
