import { describe, expect, test } from 'vitest'
import { PRODUCT } from '../shared/content.ts'
import { renderInvitationEmail } from './invitation.tsx'
import { renderWelcomeEmail } from './welcome.tsx'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../shared/content.ts'

const unsubscribeUrl = 'https://launch.example/unsubscribe?token=u1'
const iosUrl = 'https://launch.example/beta/ios?token=t1'
const androidUrl = 'https://launch.example/beta/android?token=t1'
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

describe('renderInvitationEmail', () => {
  test('one platform: its link only, in HTML and text, with the unsubscribe link', async () => {
    const { subject, html, text } = await renderInvitationEmail({ iosUrl, unsubscribeUrl })
    expect(subject).toBe(`Your ${PRODUCT.name} beta invitation`)
    expect(hrefs(html)).toEqual([iosUrl, unsubscribeUrl])
    expect(text).toContain(iosUrl)
    expect(text).toContain(unsubscribeUrl)
    expect(text).not.toContain('android')
    expect(text).not.toMatch(/<\/?[a-z][^>]*>/i)
    expect(html).toMatch(/<html[^>]*\blang="en"/)
  })

  test('unknown platform: both links', async () => {
    const { html, text } = await renderInvitationEmail({
      iosUrl,
      androidUrl,
      unsubscribeUrl,
      siteUrl: 'https://launch.example/',
    })
    expect(hrefs(html)).toEqual([iosUrl, androidUrl, unsubscribeUrl, 'https://launch.example/'])
    for (const part of [html, text]) {
      expect(part).toContain(EMAIL_TEXTS[DEFAULT_LOCALE].common.joinIos)
      expect(part).toContain(EMAIL_TEXTS[DEFAULT_LOCALE].common.joinAndroid)
    }
  })

  test('no link or a non-http link is refused', async () => {
    await expect(renderInvitationEmail({ unsubscribeUrl })).rejects.toThrow('needs a link')
    await expect(renderInvitationEmail({ iosUrl: 'javascript:alert(1)', unsubscribeUrl })).rejects.toThrow(
      'Not an http',
    )
  })
})

describe('the welcome email asks which phone', () => {
  test("the phones' links when given, none otherwise", async () => {
    const phoneUrls = {
      ios: 'https://launch.example/beta/phone?platform=ios&token=p1',
      android: 'https://launch.example/beta/phone?platform=android&token=p1',
    }
    const { html, text } = await renderWelcomeEmail({ unsubscribeUrl, phoneUrls })
    expect(hrefs(html)).toEqual(expect.arrayContaining([phoneUrls.ios, phoneUrls.android]))
    const welcome = EMAIL_TEXTS[DEFAULT_LOCALE].welcome
    expect(html).toContain(`>${welcome.iphone}</a>`)
    expect(html).toContain(`>${welcome.android}</a>`)
    expect(text).toContain(welcome.phoneQuestion)
    expect(text).toContain(phoneUrls.ios)
    expect((await renderWelcomeEmail({ unsubscribeUrl })).text).not.toContain(welcome.phoneQuestion)
  })
})
