import { AUDIENCE_LABELS, AUDIENCES, MESSAGE_LIMITS } from '../../../shared/tester-messages.ts'
import { Button } from '../../../ui/button.tsx'
import type { AudienceCounts } from '../../../shared/tester-messages-contract.ts'
import { plural } from '../../format.ts'
import { useMessageComposer } from './use-message-composer.ts'
import { Card } from '../../components/card.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { MessagePreview } from './message-preview.tsx'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

// Write to a group of the beta list: a starting text, the group with its exact count,
// subject and body, a preview, then a confirmation naming the number of people.

export function MessageComposer(props: {
  counts: AudienceCounts | null
  stores: { ios: boolean; android: boolean }
  onError: (err: unknown) => void
  onSent: () => void
}) {
  const c = useMessageComposer(props)
  const { draft } = c
  const reach = props.counts?.[draft.audience]
  const noStore = !props.stores.ios && !props.stores.android
  return (
    <>
      <Card className="mb-4">
        <h2 className="mb-3 font-semibold">Write to a group</h2>
        <div role="group" aria-labelledby="starting-texts" className="mb-4">
          <p id="starting-texts" className="mb-2 text-sm font-medium">
            Start from
          </p>
          <div className="flex flex-wrap gap-2">
            {c.startingTexts.map((t) => (
              <Button key={t.id} variant="secondary" onClick={() => c.start(t)}>
                {t.label}
              </Button>
            ))}
          </div>
        </div>
        <form
          className="grid gap-4 lg:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault()
            c.review()
          }}
        >
          <div className="grid content-start gap-4">
            <LabelledField id="message-audience" label="Send to">
              <select
                id="message-audience"
                value={draft.audience}
                onChange={(e) => c.edit({ audience: e.target.value as typeof draft.audience })}
                className={`${FIELD} w-full`}
              >
                {AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {AUDIENCE_LABELS[a]}
                    {props.counts ? ` (${props.counts[a].toLocaleString('en-US')})` : ''}
                  </option>
                ))}
              </select>
            </LabelledField>
            <p className="text-sm" aria-live="polite">
              {reach === undefined
                ? 'Counting…'
                : `This message will reach ${plural(reach, 'person', 'people')}. Unsubscribed, suppressed and unconfirmed addresses are left out.`}
            </p>
            <LabelledField id="message-subject" label="Subject">
              <input
                id="message-subject"
                type="text"
                value={draft.subject}
                maxLength={MESSAGE_LIMITS.subject}
                onChange={(e) => c.edit({ subject: e.target.value })}
                className={`${FIELD} w-full`}
              />
            </LabelledField>
            <LabelledField id="message-body" label="Message">
              <textarea
                id="message-body"
                value={draft.body}
                maxLength={MESSAGE_LIMITS.body}
                rows={10}
                aria-describedby="message-body-hint"
                onChange={(e) => c.edit({ body: e.target.value })}
                className="w-full rounded-xl border border-border-strong bg-surface p-3 text-fg"
              />
            </LabelledField>
            <p id="message-body-hint" className="-mt-2 text-xs text-fg-muted">
              Plain text. A blank line starts a new paragraph. Links: paste an https:// address, or write
              [words](https://…). Every email also carries the person’s own feedback link and a one-click way off the
              list.
            </p>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.storeLinks}
                disabled={noStore}
                onChange={(e) => c.edit({ storeLinks: e.target.checked })}
                className="mt-1 size-4"
              />
              <span>
                Add each invited person’s own store link (opening it is recorded, as with the invitation)
                {noStore ? '. No store link is set (BETA_IOS_URL, BETA_ANDROID_URL).' : ''}
              </span>
            </label>
            <div>
              <Button type="submit" disabled={reach === 0}>
                {reach === undefined ? 'Send…' : `Send to ${plural(reach, 'person', 'people')}`}
              </Button>
            </div>
            <DoneText message={c.done} />
            <ErrorText message={c.error} />
          </div>
          <MessagePreview subject={draft.subject} body={draft.body} storeLinks={draft.storeLinks} />
        </form>
      </Card>
      <ConfirmDialog
        open={c.confirming}
        title={`Send to ${plural(reach ?? 0, 'person', 'people')}?`}
        confirmLabel="Send message"
        busy={c.busy}
        onConfirm={() => void c.send()}
        onCancel={() => c.setConfirming(false)}
      >
        <p>
          “{draft.subject.trim()}” goes to {AUDIENCE_LABELS[draft.audience].toLowerCase()}: one email each, a few at a
          time. Nobody gets it twice, even if you click again.
        </p>
      </ConfirmDialog>
    </>
  )
}
