import { useState } from 'react'
import { Button } from '../../../ui/button.tsx'
import type { ImportQuery } from '../../../shared/backups.ts'
import { IMPORT_MAX_BYTES } from '../../../shared/list-import.ts'
import { Card } from '../../components/card.tsx'
import { FIELD, LabelledField } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { plural } from '../../format.ts'

import { qs, request, urlOf, type AnswerOf } from '../../api.ts'
import { useSend } from '../../queries.ts'
import { ImportSummary } from './import-summary.tsx'

// "Import a list" (issue 42, docs/decisions/list-import.md): choose a CSV file, see what it
// would add (the counts and the first rows), then import. The same as `npm run owner -- import`.

type ImportSend = ImportQuery['send']

const SEND_TEXT: Record<ImportSend, string> = {
  none: 'No email',
  welcome: 'A welcome email',
  confirmation: 'A request to confirm',
}

const MAX_MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024)

/** The file's base name, as the server makes the default source. */
const baseName = (name: string) => name.replace(/\.(csv|txt|tsv)$/i, '').replace(/@/g, '-')

export function ImportCard() {
  const [file, setFile] = useState<File | null>(null)
  const [source, setSource] = useState('')
  const [send, setSend] = useState<ImportSend>('none')
  const upload = (dryRun: boolean) => () =>
    request<AnswerOf<'importSignups'>>(
      'POST',
      urlOf('importSignups') + `?${qs({ file: file?.name, source, send, dryRun: dryRun ? '1' : '0' })}`,
      file,
    )
  // The preview (a dry run: nothing stored) and the import itself; the import asks the list and its figures again.
  const previewing = useSend('importSignups', { send: upload(true) })
  const importing = useSend('importSignups', {
    send: upload(false),
    invalidates: ['signups', 'signupStats', 'suppressions'],
    onSuccess: () => {
      previewing.reset()
      setFile(null)
    },
  })
  const preview = previewing.data ?? null
  const busy = previewing.isPending || importing.isPending
  const imported = importing.data
  const done = imported
    ? `Imported ${plural(imported.counts.added, 'person', 'people')} with source “${imported.source}”.` +
      (imported.send === 'none' ? ' No email was sent.' : ` ${plural(imported.counts.emailsQueued, 'email')} queued.`)
    : null
  const tooBig =
    file && file.size > IMPORT_MAX_BYTES ? `The file is larger than ${MAX_MB} MB: import it with the CLI.` : null
  const error = tooBig ?? previewing.error?.message ?? importing.error?.message ?? null

  function choose(f: File | null) {
    setFile(f)
    previewing.reset()
    importing.reset()
    if (f) setSource(baseName(f.name).slice(0, 64))
  }

  return (
    <Card className="mt-4" labelledBy="import-heading">
      <h2 id="import-heading" className="mb-1 font-semibold">
        Import a list
      </h2>
      <p className="mb-3 text-sm text-fg-muted">
        {`A CSV export (Mailchimp, a Google Form, a waitlist tool) with an email column, up to ${MAX_MB} MB. Addresses already on the list, repeated or suppressed are left out. Nothing is stored before you confirm.`}
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          previewing.mutate(undefined)
        }}
      >
        <LabelledField id="import-file" label="CSV file" className="min-w-0 max-w-full">
          <input
            id="import-file"
            type="file"
            accept=".csv,.txt,.tsv,text/csv"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="w-full max-w-full text-sm file:me-3 file:h-10 file:rounded-xl file:border file:border-border-strong file:bg-surface file:px-3 file:text-fg"
          />
        </LabelledField>
        <LabelledField id="import-source" label="Source">
          <input
            id="import-source"
            value={source}
            maxLength={64}
            onChange={(e) => {
              setSource(e.target.value.replace(/@/g, ''))
              previewing.reset()
            }}
            className={`${FIELD} w-48`}
          />
        </LabelledField>
        <LabelledField id="import-send" label="Email to the new people">
          <select
            id="import-send"
            value={send}
            onChange={(e) => {
              setSend(e.target.value as ImportSend)
              previewing.reset()
            }}
            className={FIELD}
          >
            {(Object.keys(SEND_TEXT) as ImportSend[]).map((k) => (
              <option key={k} value={k}>
                {SEND_TEXT[k]}
              </option>
            ))}
          </select>
        </LabelledField>
        <Button type="submit" variant="secondary" disabled={!file || busy || (file?.size ?? 0) > IMPORT_MAX_BYTES}>
          {busy && !preview ? 'Reading…' : 'Preview'}
        </Button>
      </form>
      <DoneText className="mt-3" message={done} />
      <ErrorText message={error} />
      {preview ? (
        <ImportSummary
          result={preview}
          busy={busy}
          onConfirm={() => importing.mutate(undefined)}
          onCancel={() => previewing.reset()}
        />
      ) : null}
    </Card>
  )
}
