import { buttonClass } from '../../../ui/button.tsx'
import { urlOf } from '../../api.ts'
import type { PlatformFilter, StatusFilter } from '../../../shared/beta-testers.ts'
import { LabelledField, PlatformSelect, StatusSelect } from '../../components/selection-fields.tsx'

/** The sign-ups table's search and filters, and the CSV export of the search. */
export function SignupFilters(props: {
  q: string
  onQ: (q: string) => void
  search: string
  status: StatusFilter
  onStatus: (s: StatusFilter) => void
  platform: PlatformFilter
  onPlatform: (p: PlatformFilter) => void
}) {
  return (
    <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
      <LabelledField id="signup-search" label="Search by address" className="min-w-0 flex-1">
        <input
          id="signup-search"
          type="search"
          value={props.q}
          onChange={(e) => props.onQ(e.target.value)}
          placeholder="part of an address"
          className="h-10 w-full max-w-sm rounded-xl border border-border-strong bg-surface px-3 text-fg placeholder:text-fg-muted"
        />
      </LabelledField>
      <LabelledField id="signup-status" label="Status">
        <StatusSelect id="signup-status" value={props.status} onChange={props.onStatus} />
      </LabelledField>
      <LabelledField id="signup-platform" label="Platform">
        <PlatformSelect id="signup-platform" value={props.platform} onChange={props.onPlatform} />
      </LabelledField>
      <a
        href={urlOf('signupsExport', props.search ? { q: props.search } : {})}
        download
        className={buttonClass('secondary')}
      >
        Export CSV
      </a>
    </div>
  )
}
