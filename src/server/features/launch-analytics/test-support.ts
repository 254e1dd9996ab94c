import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Launch analytics' tests: browsers as they really send a page request, and a built page to count.

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
export const DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/** The headers a browser sends with a page request, with `extra` on top (undefined removes one). */
export function browserHeaders(ua: string, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    'user-agent': ua,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'en-GB,en;q=0.9',
    'accept-encoding': 'gzip, deflate, br',
    'sec-fetch-site': 'cross-site',
    ...extra,
  }
  return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined))
}

/** A built page's folder: the landing page, another page and the 404 page. */
export function builtPage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'launch-page-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Page</title><p>Hello</p>')
  writeFileSync(join(dir, 'privacy.html'), '<!doctype html><title>Privacy</title><p>Privacy</p>')
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>')
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n')
  return dir
}

/** A clock tests move by hand. */
export function testClock(start = Date.parse('2026-11-25T10:00:00Z')) {
  let t = start
  return {
    now: () => t,
    set: (iso: string) => void (t = Date.parse(iso)),
    advance: (ms: number) => void (t += ms),
  }
}
