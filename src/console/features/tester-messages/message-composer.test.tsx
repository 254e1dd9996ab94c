import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { beforeEach, expect, test, vi } from 'vitest'
import { polyfillDialog, stubApi, withClient } from '../../test-api.ts'
import { MessageComposer } from './message-composer.tsx'
import { DEFAULT_LOCALE, EMAIL_TEXTS, LOCALES, TESTER_MESSAGE_TEXTS, type Locale } from '../../../shared/content.ts'
import { languageName, TRANSLATED_LOCALES } from '../../../shared/tester-messages.ts'

const STARTING = TESTER_MESSAGE_TEXTS[DEFAULT_LOCALE]
/** Whether the content's site has several languages, and the composer a text per language (its default then). */
const MANY = TRANSLATED_LOCALES.length > 0

// With several languages, each language's fields and preview are named for it.
const subjectOf = (l: Locale = DEFAULT_LOCALE) =>
  screen.getByLabelText(MANY ? `Subject in ${languageName(l)}` : 'Subject')
const messageOf = (l: Locale = DEFAULT_LOCALE) =>
  screen.getByLabelText(MANY ? `Message in ${languageName(l)}` : 'Message')
const previewOf = (l: Locale = DEFAULT_LOCALE) =>
  screen.getByRole('figure', { name: MANY ? `Preview in ${languageName(l)}` : 'Preview of the email' })
/** What the composer sends for a starting text in every language: the default's as subject and body. */
const startingRequest = (id: keyof typeof STARTING) => ({
  subject: STARTING[id].subject,
  body: STARTING[id].body,
  ...(MANY
    ? {
        translations: Object.fromEntries(
          TRANSLATED_LOCALES.map((l) => [
            l,
            { subject: TESTER_MESSAGE_TEXTS[l][id].subject, body: TESTER_MESSAGE_TEXTS[l][id].body },
          ]),
        ),
      }
    : {}),
})

beforeEach(polyfillDialog)

const counts = { 'invited-not-opened': 12, opened: 8, waiting: 30, ios: 11, android: 9, unknown: 30, everyone: 50 }
const stores = { ios: true, android: true }

test('a starting text fills the form; the group shows its exact count; the preview escapes text and links only http(s)', async () => {
  render(<MessageComposer counts={counts} stores={stores} />, { wrapper: withClient() })
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: STARTING.nudge.label }))
  expect(screen.getByLabelText('Send to')).toHaveValue('invited-not-opened')
  expect(subjectOf()).toHaveValue(STARTING.nudge.subject)
  expect(screen.getByRole('checkbox', { name: /invited person/ })).toBeChecked()
  expect(screen.getByRole('checkbox', { name: /link to the app/ })).not.toBeChecked()
  expect(screen.getByText(/This message will reach 12 people\./)).toBeVisible()
  expect(screen.getByRole('button', { name: 'Send to 12 people' })).toBeEnabled()

  await user.selectOptions(screen.getByLabelText('Send to'), 'On iPhone (11)')
  expect(screen.getByText(/This message will reach 11 people\./)).toBeVisible()
  const body = messageOf()
  await user.clear(body)
  await user.click(body)
  await user.paste('<b>hi</b> [notes](https://example.com/n) [bad](javascript:alert(1))')
  const preview = previewOf()
  expect(within(preview).getByText(/<b>hi<\/b>/)).toBeVisible()
  expect(within(preview).getByRole('link', { name: 'notes' })).toHaveAttribute('href', 'https://example.com/n')
  expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull()
  expect(within(preview).getByText(/\[bad\]\(javascript:alert\(1\)\)/)).toBeVisible()
})

test('sending asks to confirm with the count, and a second click sends the same request id', async () => {
  const calls = stubApi({ 'POST /admin/api/tester-messages': { json: { id: 3, recipients: 8, created: true } } })
  const wrapper = withClient()
  render(<MessageComposer counts={counts} stores={stores} />, { wrapper })
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: STARTING['new-build'].label }))
  await user.click(screen.getByRole('button', { name: 'Send to 8 people' }))
  const dialog = screen.getByRole('dialog', { name: 'Send to 8 people?' })
  await user.click(within(dialog).getByRole('button', { name: 'Send message' }))
  expect(await screen.findByText('Message queued for 8 people. It goes out a few at a time.')).toBeVisible()
  expect(wrapper.invalidated).toEqual(['testerMessages'])
  // Again, unchanged (a double click, or the answer seemed lost): the same request id.
  await user.click(screen.getByRole('button', { name: 'Send to 8 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect(calls).toHaveLength(2)
  expect(calls[0]!.body).toEqual({
    requestId: expect.any(String),
    audience: 'opened',
    storeLinks: false,
    appLink: false,
    ...startingRequest('new-build'),
  })
  expect((calls[0]!.body as { requestId: string }).requestId).toBe((calls[1]!.body as { requestId: string }).requestId)
  // Edited, it is a new message.
  await user.type(subjectOf(), '!')
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
  render(<MessageComposer counts={counts} stores={stores} />, { wrapper: withClient(onError) })
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Send to 12 people' }))
  expect(screen.getByRole('alert')).toHaveTextContent(
    MANY ? `Write the subject in ${languageName(DEFAULT_LOCALE)}.` : 'Write a subject.',
  )
  expect(calls).toEqual([])
  for (const l of LOCALES) {
    await user.type(subjectOf(l), 'Hello')
    await user.type(messageOf(l), 'Body')
  }
  await user.click(screen.getByRole('button', { name: 'Send to 12 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('The message must be at most 10000 characters.')
  expect(onError).toHaveBeenCalledOnce()
})

test('a group of nobody cannot be sent to', () => {
  render(<MessageComposer counts={{ ...counts, 'invited-not-opened': 0 }} stores={stores} />, { wrapper: withClient() })
  expect(screen.getByRole('button', { name: 'Send to 0 people' })).toBeDisabled()
})

test('a text per language: each language’s fields start from its own starting text, each has its preview in its language, and none may be missing', async () => {
  const calls = stubApi({ 'POST /admin/api/tester-messages': { json: { id: 4, recipients: 12, created: true } } })
  render(<MessageComposer counts={counts} stores={stores} />, { wrapper: withClient() })
  const user = userEvent.setup()
  if (MANY) expect(screen.getByRole('radio', { name: /^A text per language/ })).toBeChecked()
  await user.click(screen.getByRole('button', { name: STARTING.nudge.label }))
  for (const l of LOCALES) {
    const own = TESTER_MESSAGE_TEXTS[l].nudge
    expect(subjectOf(l)).toHaveValue(own.subject)
    expect(messageOf(l)).toHaveValue(own.body)
    // The preview is the email in that language: its subject, and the email's own words of that language.
    const preview = previewOf(l)
    expect(within(preview).getAllByText(own.subject)).toHaveLength(2)
    expect(within(preview).getByText(EMAIL_TEXTS[l].testerMessage.footer)).toBeVisible()
    expect(within(preview).getByText(EMAIL_TEXTS[l].common.leaveLink)).toBeVisible()
    expect(within(preview).getByText(EMAIL_TEXTS[l].testerMessage.footer).closest('[lang]')).toHaveAttribute('lang', l)
  }
  // Editing one language's text changes its preview only.
  const last = LOCALES.at(-1)!
  await user.clear(subjectOf(last))
  await user.type(subjectOf(last), 'Only this one')
  expect(within(previewOf(last)).getAllByText('Only this one')).toHaveLength(2)
  for (const l of LOCALES.filter((x) => x !== last))
    expect(within(previewOf(l)).queryByText('Only this one')).toBeNull()
  // A language without its subject is named, and nothing is sent.
  await user.clear(subjectOf(last))
  await user.click(screen.getByRole('button', { name: 'Send to 12 people' }))
  expect(screen.getByRole('alert')).toHaveTextContent(
    MANY ? `Write the subject in ${languageName(last)}.` : 'Write a subject.',
  )
  expect(calls).toEqual([])
  await user.type(subjectOf(last), 'Back again')
  await user.click(screen.getByRole('button', { name: 'Send to 12 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect(await screen.findByText(/Message queued for 12 people/)).toBeVisible()
  const sent = startingRequest('nudge')
  expect(calls[0]!.body).toEqual({
    requestId: expect.any(String),
    audience: 'invited-not-opened',
    storeLinks: true,
    appLink: false,
    ...(last === DEFAULT_LOCALE
      ? { ...sent, subject: 'Back again' }
      : {
          ...sent,
          translations: {
            ...sent.translations,
            [last]: { subject: 'Back again', body: TESTER_MESSAGE_TEXTS[last].nudge.body },
          },
        }),
  })
})

test('one text for everyone: one subject and message, one preview in the default language, no translations sent', async () => {
  const calls = stubApi({ 'POST /admin/api/tester-messages': { json: { id: 5, recipients: 50, created: true } } })
  render(<MessageComposer counts={counts} stores={stores} />, { wrapper: withClient() })
  const user = userEvent.setup()
  if (MANY) await user.click(screen.getByRole('radio', { name: /^One text for everyone/ }))
  await user.click(screen.getByRole('button', { name: STARTING.live.label }))
  expect(screen.getByLabelText('Subject')).toHaveValue(STARTING.live.subject)
  expect(screen.getAllByRole('textbox')).toHaveLength(2)
  const preview = screen.getByRole('figure', { name: 'Preview of the email' })
  expect(screen.getAllByRole('figure')).toHaveLength(1)
  expect(within(preview).getByText(EMAIL_TEXTS[DEFAULT_LOCALE].testerMessage.footer).closest('[lang]')).toHaveAttribute(
    'lang',
    DEFAULT_LOCALE,
  )
  await user.click(screen.getByRole('button', { name: 'Send to 50 people' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send message' }))
  expect(await screen.findByText(/Message queued for 50 people/)).toBeVisible()
  expect(calls[0]!.body).toEqual({
    requestId: expect.any(String),
    audience: 'everyone',
    storeLinks: false,
    // The launch-day message carries each person's own /app link.
    appLink: true,
    subject: STARTING.live.subject,
    body: STARTING.live.body,
  })
})
