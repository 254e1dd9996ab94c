import { PRODUCT } from './content.ts'

// The words for the owner's messages to testers, shared by the console (no zod here: the
// console imports this file) and the server. docs/decisions/tester-messages-and-feedback.md

/** Who a message goes to. Everyone the list may be sent to: confirmed, and not suppressed. */
export const AUDIENCES = ['invited-not-opened', 'opened', 'waiting', 'ios', 'android', 'unknown', 'everyone'] as const
export type Audience = (typeof AUDIENCES)[number]

export const AUDIENCE_LABELS: Record<Audience, string> = {
  'invited-not-opened': 'Invited, not opened yet',
  opened: 'Opened their invitation',
  waiting: 'Waiting for an invitation',
  ios: 'On iPhone',
  android: 'On Android',
  unknown: 'Phone not chosen',
  everyone: 'Everyone on the list',
}

export const MESSAGE_LIMITS = { subject: 150, body: 10_000 } as const

export type StartingText = {
  id: 'nudge' | 'new-build' | 'live'
  label: string
  audience: Audience
  subject: string
  body: string
  /** Whether each email carries the person's own store link (the invitation's). */
  storeLinks: boolean
}

/** The three starting texts the Messages view offers; each is only a start, and editable. */
export const STARTING_TEXTS: readonly StartingText[] = [
  {
    id: 'nudge',
    label: 'Nudge: invited, not opened',
    audience: 'invited-not-opened',
    subject: `Your ${PRODUCT.name} beta invitation is still waiting`,
    body: `Hi,

Your place in the ${PRODUCT.name} beta is open, and your invitation has not been opened yet. Your own link to install the beta is below.

It takes two minutes, and we would love to hear what you think.`,
    storeLinks: true,
  },
  {
    id: 'new-build',
    label: 'A new build is out: what to test',
    audience: 'opened',
    subject: `A new ${PRODUCT.name} beta build is out`,
    body: `Hi,

A new build of the ${PRODUCT.name} beta is out. Update the app, then please try:

1. Adding a client and a task.
2. Marking a payment as received.

Then tell us how it went: your feedback link is below. Thank you for testing!`,
    storeLinks: false,
  },
  {
    id: 'live',
    label: 'We are live (launch day)',
    audience: 'everyone',
    subject: `${PRODUCT.name} is live`,
    body: `Hi,

${PRODUCT.name} is live in the App Store and on Google Play today. Thank you for being on the beta list: what you told us shaped it.

${PRODUCT.url}`,
    storeLinks: false,
  },
]
