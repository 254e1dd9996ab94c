import { useState } from 'react'
import { buttonClass } from '../../../ui/button.tsx'
import { urlOf } from '../../api.ts'
import type { PlatformFilter, StatusFilter } from '../../../shared/beta-testers.ts'
import { Card } from '../../components/card.tsx'
import { LabelledField, PlatformSelect, StatusSelect } from '../../components/selection-fields.tsx'

/** The invited testers as files the two stores import. */
export function StoreExportsCard() {
  const [status, setStatus] = useState<StatusFilter>('invited')
  const [platform, setPlatform] = useState<PlatformFilter>('ios')
  const selection = { status, platform, q: '' }
  return (
    <Card>
      <h2 className="mb-1 font-semibold">Exports for the stores</h2>
      <p className="mb-3 text-sm text-fg">
        TestFlight: App Store Connect, External Testing, Add Testers, Import from CSV (first name, last name, email; no
        header row). Play Console: an email list of the testing track (paste the addresses; each tester's Google account
        where they gave one on the phone page).
      </p>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <LabelledField id="export-status" label="Export status">
          <StatusSelect id="export-status" value={status} onChange={setStatus} />
        </LabelledField>
        <LabelledField id="export-platform" label="Export platform">
          <PlatformSelect id="export-platform" value={platform} onChange={setPlatform} />
        </LabelledField>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={urlOf('storeExport', { format: 'testflight', ...selection })}
          download
          className={buttonClass('secondary')}
        >
          TestFlight CSV
        </a>
        <a href={urlOf('storeExport', { format: 'play', ...selection })} download className={buttonClass('secondary')}>
          Play Console list
        </a>
      </div>
    </Card>
  )
}
