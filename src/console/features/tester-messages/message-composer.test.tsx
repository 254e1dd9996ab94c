import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { polyfillDialog, stubApi } from '../../test-api.ts'
import { MessageComposer } from './message-composer.tsx'
import { DEFAULT_LOCALE, TESTER_MESSAGE_TEXTS } from '../../../shared/content.ts'

const STARTING = TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE]

beforeEach(polyfillDialog)

const counts = { 'invited-not-opened': 12, opened: 8, waiting: 30, ios: 11, android: 9, unknown: 30, everyone: 50 }
const stores = { ios: true, android: true }

test('a starting text fills the form; the group shows its exact count; the preview escapes text and links only http(s)', async () => {
  render(<MessageComposer counts={counts} stores={stores} onError={() => {}} onSent={() => {}} />)
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: STARTING.nudge.label }))
  expect(screen.getByLabelText('Send to')).toHaveValue('invited-not-opened')
  expect(screen.getByLabelText('Subject')).toHaveValue(STARTING.nudge.subject)
  expect(screen.getByRole('checkbox')).toBeChecked()
  expect(screen.getByText(/This message will reach 12 people\./)).toBeVisible()
  expect(screen.getByRole('button', { name: 'Send to 12 people' })).toBeEnabled()

  await user.selectOptions(screen.getByLabelText('Send to'), 'On iPhone (11)')
  expect(screen.getByText(/This message will reach 11 people\./)).toBeVisible()
  const body = screen.getByLabelText('Message')
  await user.clear(body)
  await user.click(body)
  await user.paste('<b>hi</b> [notes](https://example.com/n) [bad](javascript:alert(1))')
  const preview = screen.getByRole('figure', { name: 'Preview of the email' })
  expect(within(preview).getByText(/<b>hi<\/b>/)).toBeVisible()
  expect(within(preview).getByRole('link', { name: 'notes' })).toHaveAttribute('href', 'https://example.com/n')
  expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull()
  expect(within(preview).getByText(/\[bad\]\(javascript:alert\(1\)\)/)).toBeVisible()
})

test('sending asks to confirm with the count, and a second click sends the same request id', async () => {
  const calls = stubApi({ 'POST /admin/api/tester-messages': { json: { id: 3, recipients: 8, created: true } } })
  const onSent = vi.fn()
  render(<MessageComposer counts={counts} stores={stores} onError={() => {}} onSent={onSent} />)
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: STARTING['new-build'].label }))
  await user.click(screen.getByRole('button', { name: 'Send to 8 people' }))
  const dialog = screen.getByRole('dialog', { name: 'Send to 8 people?' })
  await user.click(within(dialog).getByRole('button', { name: 'Send message' }))
  expect(await screen.findByText('Message queued for 8 people. It goes out a few at a time.')).toBeVisible()
  expect(onSent).toHaveBeenCalledOnce()
  // Again, unchanged (a double click, or the answer seemed lost): the same request id.
  await user.click(screen.getByRole('button', { name: 'Send to 8 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect(calls).toHaveLength(2)
  expect(calls[0]!.body).toMatchObject({
    audience: 'opened',
    storeLinks: false,
    subject: STARTING['new-build'].subject,
  })
  expect((calls[0]!.body as { requestId: string }).requestId).toBe((calls[1]!.body as { requestId: string }).requestId)
  // Edited, it is a new message.
  await user.type(screen.getByLabelText('Subject'), '!')
  await user.click(screen.getByRole('button', { name: 'Send to 8 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect((calls[2]!.body as { requestId: string }).requestId).not.toBe(
    (calls[0]!.body as { requestId: string }).requestId,
  )
})

test('an empty subject is refused before any request; a refused send shows the server’s message', async () => {
  const calls = stubApi({
    'POST /admin/api/tester-messages': { status: 400, message: 'The message must be at most 10000 characters.' },
  })
  const onError = vi.fn()
  render(<MessageComposer counts={counts} stores={stores} onError={onError} onSent={() => {}} />)
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Send to 12 people' }))
  expect(screen.getByRole('alert')).toHaveTextContent('Write a subject.')
  expect(calls).toEqual([])
  await user.type(screen.getByLabelText('Subject'), 'Hello')
  await user.type(screen.getByLabelText('Message'), 'Body')
  await user.click(screen.getByRole('button', { name: 'Send to 12 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('The message must be at most 10000 characters.')
  expect(onError).toHaveBeenCalledOnce()
})

test('a group of nobody cannot be sent to', () => {
  render(
    <MessageComposer
      counts={{ ...counts, 'invited-not-opened': 0 }}
      stores={stores}
      onError={() => {}}
      onSent={() => {}}
    />,
  )
  expect(screen.getByRole('button', { name: 'Send to 0 people' })).toBeDisabled()
})
