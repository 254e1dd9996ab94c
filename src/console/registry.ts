import type { ComponentType } from 'react'
import { FeedbackView } from './features/feedback/feedback-view.tsx'
import { InboxView } from './features/contact/inbox-view.tsx'
import { InvitationsView } from './features/invitations/invitations-view.tsx'
import { LaunchView } from './features/launch-analytics/launch-view.tsx'
import { MessagesView } from './features/tester-messages/tester-messages-view.tsx'
import { SessionsView } from './features/owner-auth/sessions-view.tsx'
import { SignupsView } from './features/signups/signups-view.tsx'

/** What the console gives every view: where a failed call goes (a 401 signs out), and sign-out itself. */
export type ViewProps = { onError: (err: unknown) => void; onSignedOut: () => void }

/**
 * The signed-in owner's views, in the navigation's order; `#/id` opens one. A new view is a file
 * in views/ and a line here.
 */
export const VIEWS = [
  { id: 'signups', label: 'Sign-ups', View: SignupsView },
  { id: 'launch', label: 'Launch', View: LaunchView },
  { id: 'invitations', label: 'Invitations', View: InvitationsView },
  { id: 'messages', label: 'Messages', View: MessagesView },
  { id: 'feedback', label: 'Feedback', View: FeedbackView },
  { id: 'inbox', label: 'Inbox', View: InboxView },
  { id: 'sessions', label: 'Sessions', View: SessionsView },
] as const satisfies readonly { id: string; label: string; View: ComponentType<ViewProps> }[]

/** The view a location hash names; the first one when it names none. */
export function viewFromHash(hash: string): (typeof VIEWS)[number] {
  const id = hash.replace(/^#\/?/, '')
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0]
}
