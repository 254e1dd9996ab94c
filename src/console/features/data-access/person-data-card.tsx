import { buttonClass } from '../../../ui/button.tsx'
import { Card } from '../../components/card.tsx'
import { endpoints } from '../../../shared/console-endpoints.ts'

// An access request answered in one click. A plain GET form: the browser saves the
// file the answer names (Content-Disposition), and the console stays where it is.

/** "Download data" for any address, also one with no sign-up left (contact messages only). */
export function PersonDataCard() {
  return (
    <Card className="mt-4">
      <h2 className="mb-1 font-semibold">A person&rsquo;s data</h2>
      <p className="mb-3 text-sm text-fg-muted">
        When someone asks for their data: one JSON file with every row about their mailbox (sign-up, phone and Google
        account, invitation, answers, contact messages, and the emails sent with their kind and time, not their
        content). The download is written to the audit log.
      </p>
      <form method="get" action={endpoints.personData.path} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor="data-email" className="text-sm font-medium">
            Address
          </label>
          <input
            id="data-email"
            name="email"
            type="email"
            required
            className="h-10 w-full max-w-sm rounded-xl border border-border-strong bg-surface px-3 text-fg"
          />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          Download data
        </button>
      </form>
    </Card>
  )
}
