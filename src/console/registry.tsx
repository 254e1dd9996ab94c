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
import { CONSOLE_VIEWS, consoleViewAt, type ConsoleViewId } from '../shared/console-views.ts'
import { paths } from '../shared/paths.ts'
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

/** Each view's component; the views' order, labels and paths are console-views.ts's. */
const COMPONENTS: Record<ConsoleViewId, ComponentType<ViewProps>> = {
  signups: Signups,
  launch: LaunchView,
  invitations: Invitations,
  messages: TesterMessagesView,
  feedback: FeedbackView,
  inbox: InboxView,
  integrations: Integrations,
  sessions: SessionsView,
}

/** The signed-in owner's views, in the navigation's order (console-views.ts). */
export const VIEWS = CONSOLE_VIEWS.map((v) => ({ ...v, View: COMPONENTS[v.id] }))
export type View = (typeof VIEWS)[number]
/** The view `/admin/` opens, where the console's name links. */
export const FIRST_VIEW: View = VIEWS[0]!

/**
 * The view an address names: its path (`/admin/inbox`), or the hash of a link from before views
 * had paths (`/admin/#/inbox`, in old emails and bookmarks); the first view when it names none.
 */
export function viewAt(where: Pick<Location, 'pathname' | 'hash'>): View {
  const id = consoleViewAt(where.pathname) ?? consoleViewAt(paths.console.href() + where.hash.replace(/^#\/?/, ''))
  return VIEWS.find((v) => v.id === id) ?? FIRST_VIEW
}
