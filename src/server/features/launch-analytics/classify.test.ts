import { describe, expect, test } from 'vitest'
import { leftOutReason } from './classify.ts'
import { ANDROID, browserHeaders, DESKTOP, IPHONE } from './test-support.ts'

const OWN = 'launch.example'
const reason = (headers: Record<string, string>) => leftOutReason((name) => headers[name], OWN)

describe('which page requests are a visit', () => {
  test.each([IPHONE, ANDROID, DESKTOP])('a browser is a visit: %s', (ua) => {
    expect(reason(browserHeaders(ua))).toBeNull()
    expect(reason(browserHeaders(ua, { referer: 'https://news.ycombinator.com/item?id=1' }))).toBeNull()
  })

  test.each([
    ['sec-purpose', 'prefetch'],
    ['sec-purpose', 'prefetch;prerender'],
    ['purpose', 'prefetch'],
    ['x-purpose', 'preview'],
    ['x-moz', 'prefetch'],
  ])('a speculative load (%s: %s) is a prefetch', (name, value) => {
    expect(reason(browserHeaders(IPHONE, { [name]: value }))).toBe('prefetch')
  })

  test.each([
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Twitterbot/1.0',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'WhatsApp/2.23.20.0 A',
    'TelegramBot (like TwitterBot)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ])('a link preview: %s', (ua) => {
    expect(reason(browserHeaders(ua))).toBe('link-preview')
  })

  test.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'curl/8.5.0 (x86_64-pc-linux-gnu)',
    'python-requests/2.32.3',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  ])('a crawler or script named in the bot list: %s', (ua) => {
    expect(reason(browserHeaders(ua))).toBe('crawler')
  })

  test('a script that claims a browser but sends no language or encoding', () => {
    expect(reason(browserHeaders(DESKTOP, { 'accept-language': undefined }))).toBe('script')
    expect(reason(browserHeaders(DESKTOP, { 'accept-encoding': undefined }))).toBe('script')
    // A typed address or bookmark (Sec-Fetch-Site: none) never comes with a Referer.
    expect(reason(browserHeaders(DESKTOP, { 'sec-fetch-site': 'none', referer: 'https://x.example/' }))).toBe('script')
  })

  test.each([
    ['missing', undefined],
    ['too short', 'Mozilla/5.0'],
    ['too long', `Mozilla/5.0 ${'x'.repeat(500)}`],
    ['not ASCII', 'Mozilla/5.0 (iPhone) Safari/604.1 \u00e9\u00e9\u00e9'],
    ['an address', '203.0.113.5'.padEnd(16, ' ').trim()],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
  ])('a malformed browser string (%s)', (_, ua) => {
    expect(reason(browserHeaders(DESKTOP, { 'user-agent': ua }))).toBe('bad-browser-string')
  })

  test('a known spam referrer', () => {
    expect(reason(browserHeaders(DESKTOP, { referer: 'https://semalt.com/crawler' }))).toBe('spam-referrer')
    expect(reason(browserHeaders(DESKTOP, { referer: 'http://best-seo-offer.com/' }))).toBe('spam-referrer')
  })
})
