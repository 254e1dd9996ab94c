import { same, type PersonSource } from './person-data.ts'

// The person-data entries of the mail infrastructure, which no feature owns: the email queue is
// the mail core's (src/mail-core/queue.ts, enqueue.ts; every feature that sends queues there), and
// the suppression list and its journal are the server's and the mail core's (db/suppressions.ts,
// mail-core/suppressions.ts: unsubscribe, erasure, bounces and the console all write the list; a
// trigger journals each change, which backups copy and a restore re-applies). features.ts puts
// them after every feature's entries. docs/decisions/feature-modules.md

export const MAIL_PERSON_DATA: readonly PersonSource[] = [
  {
    // The emails sent (or queued) to them: kind and times, never the body or its payload. The
    // owner's notifications about their messages go with the messages (cascade).
    table: 'app_private.email_queue',
    rows: `select jsonb_build_object('kind', q.kind, 'status', q.status, 'queued_at', q.created_at,
             'sent_at', q.sent_at, 'attempts', q.attempts) as row
           from app_private.email_queue q where ${same('q.to_email')}
           order by q.created_at, q.id`,
    erase: { sql: `delete from app_private.email_queue where ${same('to_email')}` },
  },
  {
    // Only a keyed hash of the mailbox: whether, since when and why (left, bounced, complained)
    // nothing may be sent to it.
    table: 'app_private.email_suppressions',
    rows: `select jsonb_build_object('suppressed_since', created_at, 'reason', reason) as row
           from app_private.email_suppressions where mailbox_hmac = app_private.mailbox_hmac($1)`,
    erase: { kept: 'erasure adds the mailbox here, so that nothing is sent to it and nobody signs it up again' },
  },
  {
    // The same keyed hash, per change: what a restore of an older backup re-applies (issue 42,
    // docs/decisions/backups.md).
    table: 'app_private.suppression_journal',
    rows: `select jsonb_build_object('at', at, 'event', event, 'reason', reason) as row
           from app_private.suppression_journal where mailbox_hmac = app_private.mailbox_hmac($1) order by id`,
    erase: { kept: 'it keeps the erasure and the suppression in force when an older backup is restored' },
  },
]
