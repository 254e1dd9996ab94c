import { z } from 'zod'
import { emailAddress } from '../shared/email-address.ts'
import { defineKind } from './define-kind.ts'
import { envelope } from './envelope.ts'

/**
 * The owner's copy of a tester's feedback. Queued in SQL, by the beta_feedback trigger
 * (key: `<feedback id>:<owner>`), under the contact messages' hourly cap; the payload carries the
 * entry, and erasing the entry deletes the row (feedback_id, on delete cascade). Reply-To is the
 * tester.
 */
export const feedbackOwner = defineKind({
  kind: 'feedback-owner',
  payload: z.object({
    email: z.string(),
    rating: z.number().int(),
    works: z.string(),
    broken: z.string(),
    platform: z.string(),
    osVersion: z.string(),
    build: z.string(),
    createdAt: z.string(),
  }),
  dedupeKey: (key: { feedbackId: string; owner: string }) => `${key.feedbackId}:${key.owner}`,
  example: {
    key: { feedbackId: '9', owner: 'owner@example.com' },
    payload: {
      email: 'tester@example.com',
      rating: 4,
      works: 'Clients',
      broken: 'Totals',
      platform: 'ios',
      osVersion: 'iOS 18',
      build: '1.0 (42)',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  },
  async build(email, entry, settings) {
    const replyTo = emailAddress.safeParse(entry.email)
    const { renderFeedbackOwnerEmail } = await import('./feedback-owner.tsx')
    const rendered = await renderFeedbackOwnerEmail({
      ...entry,
      receivedAt: `${new Date(entry.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      consoleUrl: `${settings.PUBLIC_URL}/admin/#/feedback`,
    })
    return envelope(email, settings, rendered, replyTo.success ? { 'Reply-To': entry.email } : {})
  },
})
