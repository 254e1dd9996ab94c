import { useState } from 'react'
import { Button } from '../../../ui/button.tsx'
import { FEEDBACK_LIMITS } from '../../../shared/limits.ts'
import { useSend } from '../../queries.ts'
import { FIELD } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'

/**
 * The build the feedback page fills in (BETA_BUILD_LABEL until set here; empty goes back to it).
 * `label` is the value when the form first shows; after a save the field keeps what was saved.
 */
export function BuildLabelForm(props: { label: string }) {
  const [value, setValue] = useState(props.label)
  const save = useSend('setBuildLabel', { input: (label: string) => ({ label }), invalidates: ['feedback'] })
  const done = save.data
    ? save.data.label
      ? `The feedback page now fills in “${save.data.label}”.`
      : 'No build is filled in now.'
    : null
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(value)
      }}
    >
      <div className="grid min-w-0 max-w-xs flex-1 basis-40 gap-1">
        <label htmlFor="build-label" className="text-sm font-medium">
          Current build
        </label>
        <input
          id="build-label"
          type="text"
          maxLength={FEEDBACK_LIMITS.build}
          value={value}
          placeholder="e.g. 1.0 (42)"
          onChange={(e) => setValue(e.target.value)}
          className={`${FIELD} w-full placeholder:text-fg-muted`}
        />
      </div>
      <Button type="submit" variant="secondary">
        Save
      </Button>
      <DoneText className="basis-full" message={done} />
      <ErrorText message={save.error?.message ?? null} />
    </form>
  )
}
