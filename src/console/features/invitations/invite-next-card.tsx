import { Button } from '../../../ui/button.tsx'
import { plural } from '../../format.ts'
import { useInviteNext } from './use-invite-next.ts'
import { Card } from '../../components/card.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { InvitationPreview } from './invitation-preview.tsx'
import { FIELD, LabelledField, PlatformSelect } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

/** "Invite the next people": how many and which platform, a preview, then a confirmation. */
export function InviteNextCard(props: { maxBatch: number }) {
  const flow = useInviteNext(props)
  return (
    <>
      <Card className="mb-4">
        <h2 className="mb-3 font-semibold">Invite the next people</h2>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            flow.showPreview()
          }}
        >
          <LabelledField id="invite-n" label="How many">
            <input
              id="invite-n"
              type="number"
              inputMode="numeric"
              min={1}
              max={props.maxBatch}
              value={flow.n}
              onChange={(e) => flow.setN(e.target.value)}
              className={`${FIELD} w-28`}
            />
          </LabelledField>
          <LabelledField id="invite-platform" label="Platform to invite">
            <PlatformSelect id="invite-platform" value={flow.platform} onChange={flow.setPlatform} />
          </LabelledField>
          <label htmlFor="invite-disposable" className="flex h-10 items-center gap-2 text-sm">
            <input
              id="invite-disposable"
              type="checkbox"
              checked={flow.includeDisposable}
              onChange={(e) => flow.setIncludeDisposable(e.target.checked)}
              className="size-4"
            />
            Include throwaway addresses
          </label>
          <Button type="submit" variant="secondary">
            Preview
          </Button>
        </form>
        <DoneText className="mt-3" message={flow.done} />
        <ErrorText message={flow.error} />
        {flow.preview ? (
          <InvitationPreview
            rows={flow.preview}
            disposableLeftOut={flow.disposableLeftOut}
            onInvite={() => flow.setConfirming(true)}
            onClear={flow.clearPreview}
          />
        ) : null}
      </Card>
      <ConfirmDialog
        open={flow.confirming}
        title={`Invite ${plural(flow.preview?.length ?? 0, 'person', 'people')}?`}
        confirmLabel="Send invitations"
        busy={flow.busy}
        onConfirm={() => void flow.invite()}
        onCancel={() => flow.setConfirming(false)}
      >
        <p>
          Each previewed person gets one invitation email with the link for their phone, sent a few at a time. Nobody
          else is invited, and nobody twice.
        </p>
      </ConfirmDialog>
    </>
  )
}
