import type { ReactNode } from 'react'
import type { PlatformChoice, PlatformFilter, StatusFilter } from '../../shared/beta-testers.ts'

// The filters by platform and invitation status, on the sign-ups list and the store exports.

/** The console's select and number fields. */
export const FIELD = 'h-10 rounded-xl border border-border-strong bg-surface px-3 text-fg'

export const PLATFORM_TEXT: Record<PlatformChoice, string> = {
  unknown: 'Not chosen',
  ios: 'iPhone',
  android: 'Android',
}

export function PlatformSelect(props: { id: string; value: PlatformFilter; onChange: (v: PlatformFilter) => void }) {
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as PlatformFilter)}
      className={FIELD}
    >
      <option value="all">All platforms</option>
      <option value="ios">{PLATFORM_TEXT.ios}</option>
      <option value="android">{PLATFORM_TEXT.android}</option>
      <option value="unknown">{PLATFORM_TEXT.unknown}</option>
    </select>
  )
}

export function StatusSelect(props: { id: string; value: StatusFilter; onChange: (v: StatusFilter) => void }) {
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as StatusFilter)}
      className={FIELD}
    >
      <option value="all">All statuses</option>
      <option value="waiting">Waiting</option>
      <option value="invited">Invited</option>
      <option value="opened">Opened the invitation</option>
    </select>
  )
}

/** A label over its field, as every filter and form field in the console is laid out. */
export function LabelledField(props: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`grid gap-1 ${props.className ?? ''}`.trim()}>
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children}
    </div>
  )
}
