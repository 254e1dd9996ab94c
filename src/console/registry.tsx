import type { ComponentType } from 'react'
import { ApiTokensCard } from './features/api-tokens/api-tokens-card.tsx'
import { BackupCard } from './features/backups/backup-card.tsx'
import { ImportCard } from './features/backups/import-card.tsx'
import { InboxView } from './features/contact/inbox-view.tsx'
import { IntegrationsView } from './features/integrations/integrations-view.tsx'
import { PersonDataCard } from './features/data-access/person-data-card.tsx'
import { FeedbackView } from './features/feedback/feedback-view.tsx'
import { InvitationsView } from './features/invitations/invitations-view.tsx'
import { LaunchView } from './features/launch-analytics/launch-view.tsx'
import { SessionsView } from './features/owner-auth/sessions-view.tsx'
import { PlayTestingSection } from './features/play-testing/play-testing-section.tsx'
import { SignupsView } from './features/signups/signups-view.tsx'
import { TesterMessagesView } from './features/tester-messages/tester-messages-view.tsx'
import type { ViewProps } from './view-props.ts'

// The one place the console's features meet, as app.ts is on the server: a feature imports no
// other feature's files, so a view that shows another feature's part gets it here.

// Writes keep the parts in step through the query client: a write names the reads it changes
// (an import: the sign-ups; an invitation: Play testing's figures), not the parts that show them.

function Signups() {
  return <SignupsView personData={<PersonDataCard />} backup={<BackupCard />} importList={<ImportCard />} />
}

function Invitations() {
  return <InvitationsView playTesting={<PlayTestingSection />} />
}

function Integrations(props: ViewProps) {
  return <IntegrationsView {...props} apiTokens={<ApiTokensCard />} />
}

/**
 * The signed-in owner's views, in the navigation's order; `#/id` opens one. A new view is a
 * feature folder in features/ and a line here.
 */
export const VIEWS = [
  { id: 'signups', label: 'Sign-ups', View: Signups },
  { id: 'launch', label: 'Launch', View: LaunchView },
  { id: 'invitations', label: 'Invitations', View: Invitations },
  { id: 'messages', label: 'Messages', View: TesterMessagesView },
  { id: 'feedback', label: 'Feedback', View: FeedbackView },
  { id: 'inbox', label: 'Inbox', View: InboxView },
  { id: 'integrations', label: 'Integrations', View: Integrations },
  { id: 'sessions', label: 'Sessions', View: SessionsView },
] as const satisfies readonly { id: string; label: string; View: ComponentType<ViewProps> }[]

/** The view a location hash names; the first one when it names none. */
export function viewFromHash(hash: string): (typeof VIEWS)[number] {
  const id = hash.replace(/^#\/?/, '')
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0]
}
