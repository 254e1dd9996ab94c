import { describe, expect, test } from 'vitest'
import { confirmSignupSubject, renderConfirmSignupEmail } from './confirm-signup.tsx'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../shared/content.ts'

const confirmUrl = 'https://launch.example/confirm?token=abc123'
const unsubscribeUrl = 'https://launch.example/unsubscribe?token=abc123'

describe('renderConfirmSignupEmail', () => {
  test('the subject asks to confirm; both parts carry the confirmation and the unsubscribe links', async () => {
    const { subject, html, text } = await renderConfirmSignupEmail({
      confirmUrl,
      unsubscribeUrl,
      siteUrl: 'https://launch.example/',
    })
    expect(subject).toBe(confirmSignupSubject())
    for (const url of [confirmUrl, unsubscribeUrl]) {
      expect(html).toContain(`href="${url}"`)
      expect(text).toContain(url)
    }
    expect(text).toContain(EMAIL_TEXTS[DEFAULT_LOCALE].confirmSignup.button)
    expect(text).toContain('we delete the address within 7 days')
    expect(html).toContain('lang="en"')
  })

  test('a URL that is not http(s) is refused', async () => {
    await expect(renderConfirmSignupEmail({ confirmUrl: 'javascript:alert(1)', unsubscribeUrl })).rejects.toThrow(
      'Not an http(s) URL',
    )
  })
})
