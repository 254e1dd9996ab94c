import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { ImportResult } from '../../../shared/backups.ts'
import { ImportSummary } from './import-summary.tsx'

const result = (unreadDates: ImportResult['unreadDates'], datesUnread: number): ImportResult => ({
  dryRun: true,
  source: 'waitlist',
  send: 'none',
  delimiter: ',',
  columns: { email: 'email', name: null, created: 'Signed up', source: null, language: null },
  counts: {
    rows: 3,
    added: 3,
    duplicatesInFile: 0,
    alreadyListed: 0,
    suppressed: 0,
    invalid: 0,
    datesKept: 3 - datesUnread,
    datesUnread,
    emailsQueued: 0,
  },
  invalidRows: [],
  unreadDates,
  preview: [],
})

const noop = () => {}

test('dates the import could not read are counted and named with the cell, never dropped silently', () => {
  const unread = [
    { row: 2, value: '03/01/2026' },
    { row: 4, value: 'yesterday' },
  ]
  render(<ImportSummary result={result(unread, 5)} busy={false} onConfirm={noop} onCancel={noop} />)
  expect(screen.getByText(/^Dates not read \(5\): these rows get the import's time$/)).toBeTruthy()
  expect(screen.getByText('Row 2: “03/01/2026”')).toBeTruthy()
  expect(screen.getByText('Row 4: “yesterday”')).toBeTruthy()
  expect(screen.getByText('… and 3 more')).toBeTruthy()
})

test('every date read: no such list', () => {
  render(<ImportSummary result={result([], 0)} busy={false} onConfirm={noop} onCancel={noop} />)
  expect(screen.queryByText(/Dates not read/)).toBeNull()
})
