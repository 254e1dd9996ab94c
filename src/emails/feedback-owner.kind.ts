import { z } from 'zod'
import { paths } from '../shared/paths.ts'
import { emailAddress } from '../shared/email-address.ts'
import { FeedbackFields } from '../shared/feedback-entry.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'
import { ownerTime } from './owner-format.ts'

/**
 * The owner's copy of a tester's feedback. Queued in SQL, by the beta_feedback trigger
 * (key: `<feedback id>:<owner>`, the kind's name its argument), under the contact messages' hourly
 * cap, with the entry's id only: the worker reads the entry when it claims the row, and erasing
 * the entry deletes the row (feedback_id, on delete cascade). Reply-To is the tester.
 */
export const feedbackOwner = defineKind({
  kind: 'feedback-owner',
  // The entry as stored: the worker reads it from the table when it claims the row (queue-rows.ts).
  payload: FeedbackFields.extend({ created_at: z.string() }),
  dedupeKey: (key: { feedbackId: string; owner: string }) => `${key.feedbackId}:${key.owner}`,
  example: {
    key: { feedbackId: '9', owner: 'owner@example.com' },
    payload: {
      email: 'tester@example.com',
      rating: 4,
      works: 'Clients',
      broken: 'Totals',
      platform: 'ios',
      os_version: 'iOS 18',
      build: '1.0 (42)',
      created_at: '2026-11-24T10:00:00.000Z',
    },
  },
  async build(email, entry, settings) {
    const replyTo = emailAddress.safeParse(entry.email)
    const { renderFeedbackOwnerEmail } = await import('./feedback-owner.tsx')
    const { os_version: osVersion, created_at: createdAt, ...fields } = entry
    const rendered = await renderFeedbackOwnerEmail({
      ...fields,
      osVersion,
      receivedAt: ownerTime(createdAt),
      consoleUrl: `${settings.PUBLIC_URL}${paths.console.href('feedback')}`,
    })
    return envelope(email, settings, rendered, replyTo.success ? { 'Reply-To': entry.email } : {})
  },
})
