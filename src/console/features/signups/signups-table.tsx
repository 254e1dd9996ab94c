import { Button, buttonClass } from '../../../ui/button.tsx'
import type { Signup } from '../../../shared/signups.ts'
import type { WelcomeState } from '../../../shared/beta-testers.ts'
import { when } from '../../format.ts'
import { DisposableBadge } from '../../components/disposable-badge.tsx'
import { PLATFORM_TEXT } from '../../components/selection-fields.tsx'

const STATE_TEXT: Record<WelcomeState, string> = {
  none: 'Not queued',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
  withheld: 'Withheld',
}
const STATE_CLASS: Record<WelcomeState, string> = {
  none: 'bg-subtle text-fg',
  queued: 'bg-info/10 text-info',
  sending: 'bg-info/10 text-info',
  sent: 'bg-success/10 text-success',
  retrying: 'bg-warning/10 text-warning',
  failed: 'bg-danger/10 text-danger',
  unsubscribed: 'bg-subtle text-fg',
  bounced: 'bg-danger/10 text-danger',
  complained: 'bg-danger/10 text-danger',
  withheld: 'bg-warning/10 text-warning',
}

/** The person's phone and where their invitation stands. */
function invitationText(s: Signup): string {
  const state = s.openedAt ? 'opened' : s.status === 'invited' ? 'invited' : 'waiting'
  return `${PLATFORM_TEXT[s.platform]}, ${state}`
}

/** Sign-ups newest first: address, date, welcome email, invitation, and Download data and Erase each. */
export function SignupsTable({
  rows,
  onErase,
  onSendWelcome,
  dataUrl,
}: {
  rows: Signup[] | undefined
  /** The link that downloads a person's data (the data-access feature's, given by the registry). */
  dataUrl: (email: string) => string
  onErase: (email: string) => void
  /** Sends a welcome email the hour's budget withheld. */
  onSendWelcome?: (email: string) => void
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">Sign-ups, newest first</caption>
        <thead className="text-xs text-fg-muted">
          <tr>
            <th scope="col" className="py-2 pe-3 font-medium">
              Email
            </th>
            <th scope="col" className="hidden py-2 pe-3 font-medium sm:table-cell">
              Signed up
            </th>
            <th scope="col" className="py-2 pe-3 font-medium">
              Welcome email
            </th>
            <th scope="col" className="hidden py-2 pe-3 font-medium md:table-cell">
              Invitation
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows?.map((s) => (
            <tr key={s.id}>
              <td className="py-2 pe-3 [overflow-wrap:anywhere]">
                {s.email}
                {s.disposable ? <DisposableBadge /> : null}
                <span className="block text-xs text-fg-muted sm:hidden">{when(s.createdAt)}</span>
              </td>
              <td className="hidden py-2 pe-3 whitespace-nowrap sm:table-cell">{when(s.createdAt)}</td>
              <td className="py-2 pe-3">
                <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATE_CLASS[s.welcome]}`}>
                  {STATE_TEXT[s.welcome]}
                </span>
                {s.welcomeError ? <span className="mt-1 block text-xs text-fg-muted">{s.welcomeError}</span> : null}
                {s.welcome === 'withheld' && onSendWelcome ? (
                  <Button
                    variant="ghost"
                    className="mt-1"
                    onClick={() => onSendWelcome(s.email)}
                    aria-label={`Send the welcome email to ${s.email}`}
                  >
                    Send it
                  </Button>
                ) : null}
              </td>
              <td className="hidden py-2 pe-3 md:table-cell">
                {invitationText(s)}
                {s.invitedAt ? <span className="block text-xs text-fg-muted">{when(s.invitedAt)}</span> : null}
              </td>
              <td className="py-2 text-end">
                <span className="inline-flex flex-wrap justify-end gap-1">
                  {/* The person's data as one JSON file (an access request). Below 640 px the
                      address would have no room left: the "A person's data" card below does it there. */}
                  <a
                    href={dataUrl(s.email)}
                    download
                    className={buttonClass('ghost', 'max-sm:hidden!')}
                    aria-label={`Download data of ${s.email}`}
                  >
                    Download data
                  </a>
                  <Button variant="ghost" onClick={() => onErase(s.email)} aria-label={`Erase ${s.email}`}>
                    Erase
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
