import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { BackupText } from './backup-card.tsx'

const schedule = { dir: '/var/lib/launch-page/backups', time: '03:30', keep: 7 }
const now = Date.parse('2026-11-26T12:00:00Z')

test('no backup yet: a warning with the command', () => {
  render(<BackupText status={{ last: null, schedule }} now={now} />)
  expect(screen.getByRole('status').textContent).toMatch(/No backup of the list yet.*npm run owner -- backup/)
})

test('a recent backup: when, and no warning', () => {
  const takenAt = '2026-11-26T03:30:00.000Z'
  render(<BackupText status={{ last: { at: takenAt, takenAt, actor: 'scheduled' }, schedule }} now={now} />)
  expect(screen.queryByRole('status')).toBeNull()
  expect(screen.getByText(/Last backup: 2026-11-26 03:30 UTC \(9 hours ago\)/)).toBeTruthy()
})

test('older than two days: a warning', () => {
  const takenAt = '2026-11-23T03:30:00.000Z'
  render(<BackupText status={{ last: { at: takenAt, takenAt, actor: 'scheduled' }, schedule: null }} now={now} />)
  expect(screen.getByRole('status').textContent).toMatch(/The last backup was taken 3 days ago/)
})
