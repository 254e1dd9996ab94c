import { render, screen, waitFor, within } from '@testing-library/react'
// The named export: under the editors' NodeNext resolution the default is the CommonJS module object.
import { userEvent } from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { CONTACT_TEXTS, DEFAULT_LOCALE, LOCALES } from '../../shared/content.ts'
import { SUBJECT_VALUES } from '../../shared/subjects.ts'
import { ContactForm } from './contact-form.tsx'
import { created, deferred, fakeBackend, json } from './test-network.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../../shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

const INSERT = '/rest/v1/contact_messages'

function setup() {
  const user = userEvent.setup()
  render(<ContactForm texts={CONTACT_TEXTS[DEFAULT_LOCALE]} />)
  const name = screen.getByLabelText(T.contact.nameLabel)
  const email = screen.getByLabelText(T.contact.emailLabel)
  const subject = screen.getByLabelText(T.contact.subjectLabel)
  const message = screen.getByLabelText(T.contact.messageLabel)
  const submit = () => screen.getByRole('button', { name: (n) => n === T.contact.submit || n === T.contact.sending })
  async function fill() {
    await user.type(name, 'Ada Lovelace')
    await user.type(email, 'ada@example.com')
    await user.selectOptions(subject, CONTACT_TEXTS[DEFAULT_LOCALE].subjects['bug-report'])
    await user.type(message, 'The export button does nothing.')
  }
  return { user, name, email, subject, message, submit, fill }
}

describe('ContactForm', () => {
  test('fields are required, limited, and the subject offers exactly the six options after a placeholder', () => {
    const { name, email, subject, message } = setup()
    for (const field of [name, email, subject, message]) expect(field).toBeRequired()
    expect(email).toHaveAttribute('type', 'email')
    expect(name).toHaveAttribute('maxlength', '100')
    expect(message).toHaveAttribute('maxlength', '5000')
    expect(message).toHaveAttribute('rows', '4')
    const options = within(subject).getAllByRole('option') as HTMLOptionElement[]
    const labels = CONTACT_TEXTS[DEFAULT_LOCALE].subjects
    expect(options.map((o) => [o.value, o.textContent, o.disabled])).toEqual([
      ['', CONTACT_TEXTS[DEFAULT_LOCALE].subjectPlaceholder, true],
      ...SUBJECT_VALUES.map((value) => [value, labels[value], false]),
    ])
    expect(subject).toHaveValue('')
  })

  // The values are stored, so they are the same in every language; the labels are each language's.
  test.each(LOCALES)('in %s the options keep their values and show its own labels', (locale) => {
    render(<ContactForm texts={CONTACT_TEXTS[locale]} />)
    const subject = screen.getByLabelText(CONTACT_TEXTS[locale].subjectLabel)
    const options = (within(subject).getAllByRole('option') as HTMLOptionElement[]).slice(1)
    expect(options.map((o) => [o.value, o.textContent])).toEqual(
      SUBJECT_VALUES.map((value) => [value, CONTACT_TEXTS[locale].subjects[value]]),
    )
  })

  test('while sending, every input and the button are disabled; success clears the fields and says so', async () => {
    const pending = deferred()
    const { calls } = fakeBackend({ [INSERT]: () => pending.promise })
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { user, name, email, subject, message, submit, fill } = setup()
    await fill()
    await user.click(submit())

    await waitFor(() => expect(submit()).toHaveTextContent(T.contact.sending))
    expect(submit()).toBeDisabled()
    for (const field of [name, email, subject, message]) expect(field).toBeDisabled()
    expect(document.querySelector('input[name="website"]')).toBeDisabled()
    pending.resolve(created())

    const banner = await screen.findByRole('status')
    expect(banner).toHaveTextContent(T.contact.successTitle)
    expect(banner).toHaveTextContent(T.contact.successBody)
    for (const field of [name, email, subject, message]) {
      expect(field).toHaveValue('')
      expect(field).toBeEnabled()
    }
    expect(submit()).toHaveTextContent(T.contact.submit)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'bug-report',
      message: 'The export button does nothing.',
    })
    expect(calls[0]?.headers.get('apikey')).toBe('local-anon-key-not-secret')
    // Nothing of the visitor's message reaches the browser's console.
    expect(log).not.toHaveBeenCalled()
  })

  test("an error shows the server's message under the error title and keeps the fields", async () => {
    fakeBackend({
      [INSERT]: () =>
        json(400, { code: '23514', message: 'Message must be at most 5000 characters.', details: null, hint: null }),
    })
    const { user, name, submit, fill } = setup()
    await fill()
    await user.click(submit())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(T.contact.errorTitle)
    expect(alert).toHaveTextContent('Message must be at most 5000 characters.')
    expect(name).toHaveValue('Ada Lovelace')
    expect(submit()).toBeEnabled()
  })

  test('without a server message the fallback text shows', async () => {
    fakeBackend({ [INSERT]: () => new Response('', { status: 500 }) })
    const { user, submit, fill } = setup()
    await fill()
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent(T.contact.errorFallback)
  })

  test('a network failure also shows the fallback, not the browser error text', async () => {
    fakeBackend({
      [INSERT]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const { user, submit, fill } = setup()
    await fill()
    await user.click(submit())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(T.contact.errorFallback)
    expect(alert).not.toHaveTextContent('Failed to fetch')
  })

  test('the honeypot is sent only when filled', async () => {
    const { calls } = fakeBackend({ [INSERT]: () => created() })
    const { user, submit, fill } = setup()
    await user.type(document.querySelector<HTMLInputElement>('input[name="website"]')!, 'spam')
    await fill()
    await user.click(submit())
    await screen.findByRole('status')
    expect(calls[0]?.body).toMatchObject({ website: 'spam' })
  })
})
