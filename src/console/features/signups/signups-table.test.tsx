import { urlOf } from '../../api.ts'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { Signup } from '../../../shared/signups.ts'
import { SignupsTable } from './signups-table.tsx'

const base: Signup = {
  id: 1,
  email: 'ann@example.com',
  createdAt: '2025-01-02T03:04:05.000Z',
  welcome: 'sent',
  welcomeError: null,
  platform: 'unknown',
  status: 'waiting',
  invitedAt: null,
  openedAt: null,
  disposable: false,
}

test('bounced and complained mailboxes say so, and throwaway addresses are flagged', () => {
  render(
    <SignupsTable
      dataUrl={(email) => urlOf('personData', { email })}
      rows={[
        { ...base, id: 3, email: 'gone@example.com', welcome: 'bounced' },
        { ...base, id: 2, email: 'angry@example.com', welcome: 'complained' },
        { ...base, id: 1, email: 'bot@mailinator.com', disposable: true },
      ]}
      onErase={() => {}}
    />,
  )
  const rows = within(screen.getByRole('table', { name: 'Sign-ups, newest first' }))
    .getAllByRole('row')
    .slice(1)
  expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Bounced', 'Complained', 'Sent'])
  expect(within(rows[2]!).getByText('Throwaway')).toBeVisible()
  expect(within(rows[0]!).queryByText('Throwaway')).toBeNull()
})
