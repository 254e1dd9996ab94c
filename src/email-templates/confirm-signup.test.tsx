import { describe, expect, test } from 'vitest'
import { renderConfirmSignupEmail } from './confirm-signup.tsx'

const confirmUrl = 'https://solodesk.example/confirm?token=abc123'
const unsubscribeUrl = 'https://solodesk.example/unsubscribe?token=abc123'

describe('renderConfirmSignupEmail', () => {
  test('the subject asks to confirm; both parts carry the confirmation and the unsubscribe links', async () => {
    const { subject, html, text } = await renderConfirmSignupEmail({
      confirmUrl,
      unsubscribeUrl,
      siteUrl: 'https://solodesk.example/',
    })
    expect(subject).toBe('Confirm your Solodesk beta sign-up')
    for (const url of [confirmUrl, unsubscribeUrl]) {
      expect(html).toContain(`href="${url}"`)
      expect(text).toContain(url)
    }
    expect(text).toContain('Confirm my sign-up')
    expect(text).toContain('we delete the address within 7 days')
    expect(html).toContain('lang="en"')
  })

  test('a URL that is not http(s) is refused', async () => {
    await expect(renderConfirmSignupEmail({ confirmUrl: 'javascript:alert(1)', unsubscribeUrl })).rejects.toThrow(
      'Not an http(s) URL',
    )
  })
})
