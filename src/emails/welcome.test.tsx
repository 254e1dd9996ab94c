import { render } from '@react-email/render'
import { createElement } from 'react'
import { describe, expect, test } from 'vitest'
import { PRODUCT } from '../shared/content.ts'
import WelcomeEmailPreview, { renderWelcomeEmail } from './welcome.tsx'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../shared/content.ts'

const unsubscribeUrl = 'https://launch.example/unsubscribe?token=abc123'

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''))
}

describe('renderWelcomeEmail', () => {
  test('the subject names the product', async () => {
    const { subject } = await renderWelcomeEmail({ unsubscribeUrl })
    expect(subject).toBe(`Welcome to the ${PRODUCT.name} beta`)
  })

  test('both parts carry the unsubscribe link and the promises the page makes', async () => {
    const { html, text } = await renderWelcomeEmail({ unsubscribeUrl, siteUrl: 'https://launch.example' })
    expect(hrefs(html)).toContain(unsubscribeUrl)
    expect(text).toContain(unsubscribeUrl)
    for (const part of [html, text]) {
      expect(part).toContain('access details')
      expect(part).toContain(EMAIL_TEXTS[DEFAULT_LOCALE].welcome.free)
      expect(part).toContain('cancel anytime')
      expect(part).toContain(`${PRODUCT.name} team`)
    }
    expect(text).toContain('https://launch.example')
  })

  test('the HTML is a complete, English document', async () => {
    const { html } = await renderWelcomeEmail({ unsubscribeUrl })
    expect(html).toMatch(/^<!DOCTYPE html/)
    expect(html).toMatch(/<html[^>]*\blang="en"/)
    expect(html).toContain(`<title>Welcome to the ${PRODUCT.name} beta</title>`)
  })

  test('the text part is plain text, without tags, entities or the hidden preview', async () => {
    const { text } = await renderWelcomeEmail({ unsubscribeUrl, siteUrl: 'https://launch.example' })
    expect(text).not.toMatch(/<\/?[a-z][^>]*>/i)
    expect(text).not.toMatch(/&(amp|lt|gt|quot|#x?[0-9a-f]+);/i)
    expect(text).not.toContain('on their way')
    expect(text.trim().length).toBeGreaterThan(200)
  })

  test('a URL with &, quotes and angle brackets is escaped in the HTML and intact in the text', async () => {
    const tricky = `https://launch.example/leave?a=1&b="2"&c='3'&d=<x>`
    const { html, text } = await renderWelcomeEmail({ unsubscribeUrl: tricky })
    expect(html).not.toContain(tricky)
    expect(html).not.toContain('"2"')
    expect(html).toContain('a=1&amp;b=&quot;2&quot;&amp;c=&#x27;3&#x27;&amp;d=&lt;x&gt;')
    expect(hrefs(html)).toContain(tricky)
    expect(text).toContain(tricky)
  })

  test('refuses a link that is not http(s)', async () => {
    await expect(renderWelcomeEmail({ unsubscribeUrl: 'javascript:alert(1)' })).rejects.toThrow(/http/)
    await expect(renderWelcomeEmail({ unsubscribeUrl, siteUrl: 'ftp://x' })).rejects.toThrow(/http/)
  })

  test('the default export renders for the React Email preview', async () => {
    const html = await render(createElement(WelcomeEmailPreview, WelcomeEmailPreview.PreviewProps))
    expect(hrefs(html)).toContain(WelcomeEmailPreview.PreviewProps.unsubscribeUrl)
  })
})
