import { Button } from '../../../ui/button.tsx'
import type { InvitationLinks } from '../../../shared/beta-testers.ts'
import type { InvitationPreviewRow } from '../../../shared/invitations.ts'
import { plural, when } from '../../format.ts'
import { DisposableBadge } from '../../components/disposable-badge.tsx'

const LINKS_TEXT: Record<InvitationLinks, string> = {
  ios: 'iPhone link',
  android: 'Android link',
  both: 'Both links',
}

/** Exactly who "Invite the next N" would invite, and the button that asks to invite them. */
export function InvitationPreview(props: {
  rows: InvitationPreviewRow[]
  /** Throwaway addresses passed over to fill the batch. */
  disposableLeftOut?: number
  onInvite: () => void
  onClear: () => void
}) {
  const { rows } = props
  const leftOut = props.disposableLeftOut ?? 0
  return (
    <div className="mt-4">
      <p role="status" className="mb-2 text-sm text-fg">
        {rows.length === 0
          ? 'Nobody is waiting who can be sent a link.'
          : `${plural(rows.length, 'person', 'people')} will be invited, oldest sign-up first.`}
        {leftOut > 0
          ? ` ${plural(leftOut, 'throwaway address', 'throwaway addresses')} left out; tick “Include throwaway addresses” to invite them too.`
          : ''}
      </p>
      {rows.length > 0 ? (
        <>
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">Who will be invited</caption>
              <thead className="text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="py-2 pe-3 font-medium">
                    Email
                  </th>
                  <th scope="col" className="py-2 pe-3 font-medium">
                    Gets
                  </th>
                  <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                    Signed up
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((p) => (
                  <tr key={p.id}>
                    <td className="py-2 pe-3 [overflow-wrap:anywhere]">
                      {p.email}
                      {p.disposable ? <DisposableBadge /> : null}
                    </td>
                    <td className="py-2 pe-3">{LINKS_TEXT[p.links]}</td>
                    <td className="hidden py-2 whitespace-nowrap sm:table-cell">{when(p.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={props.onInvite}>Invite these {plural(rows.length, 'person', 'people')}</Button>
            <Button variant="ghost" onClick={props.onClear}>
              Clear
            </Button>
          </div>
        </>
      ) : null}
    </div>
  )
}
