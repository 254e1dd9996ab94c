/**
 * Migrations that were renamed after some databases applied them under their old name: the
 * runner rewrites those records before it works out what is pending, so a database never applies
 * the same migration twice. Append only; an entry stays as long as a database from before it may
 * still start (docs/decisions/migrations-order.md). Supabase keeps its own record of versions:
 * docs/deploy.md says how to repair it.
 */
export const RENAMED_MIGRATIONS: readonly (readonly [from: string, to: string])[] = [
  // Dated in the future by mistake (2026-11-28…30); moved to the day they were written, in the same order.
  ['20261128100000_add_group_message_translations.sql', '20261126110000_add_group_message_translations.sql'],
  ['20261129060000_create_suppression_journal.sql', '20261126120000_create_suppression_journal.sql'],
  ['20261129080000_create_outbound_webhooks.sql', '20261126130000_create_outbound_webhooks.sql'],
  ['20261129080100_add_chat_destinations.sql', '20261126130100_add_chat_destinations.sql'],
  ['20261129090000_create_testflight_checks.sql', '20261126140000_create_testflight_checks.sql'],
  ['20261130070000_grant_signup_platform.sql', '20261126150000_grant_signup_platform.sql'],
  ['20261130080000_create_api_tokens.sql', '20261126160000_create_api_tokens.sql'],
  ['20261130085000_add_metrics_indexes.sql', '20261126170000_add_metrics_indexes.sql'],
  ['20261130085100_create_play_threshold_reached.sql', '20261126170100_create_play_threshold_reached.sql'],
  ['20261130090000_create_app_link_counts.sql', '20261126180000_create_app_link_counts.sql'],
]

/** A migration's name today: its new name if it was renamed, else itself (a backup's header may hold the old one). */
export function currentMigrationName(name: string): string {
  return RENAMED_MIGRATIONS.find(([from]) => from === name)?.[1] ?? name
}
