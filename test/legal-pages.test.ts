import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { writeLegalPages } from '../scripts/legal-pages.ts'
import { DEFAULT_LOCALE, IMPRINTS, LOCALES } from '../src/shared/content.ts'
import { legalPath } from '../src/shared/locales.ts'
import { ROOT } from './support/server-process.ts'

// The prerendered legal pages name themselves to search engines as the landing pages do: a
// canonical URL to the page itself and every language's version plus x-default, all absolute
// (docs/decisions/languages.md).

const ORIGIN = 'https://beta.example.com'
let dir: string
let names: string[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'legal-pages-'))
  names = await writeLegalPages(dir, ORIGIN)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The icon `<link>`s of an HTML document, as [rel, href, type, sizes]. */
const iconLinks = (html: string) =>
  [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => {
      const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null
      return [attr('rel'), attr('href'), attr('type'), attr('sizes')]
    })
    .filter(([rel]) => rel === 'icon' || rel === 'apple-touch-icon')

/** The `<link>` elements of a page's `<head>`, as [rel, hreflang, href]; React writes `hrefLang` (HTML ignores case). */
const headLinks = (html: string) =>
  [.../<head>([\s\S]*?)<\/head>/.exec(html)![1]!.matchAll(/<link\b[^>]*>/g)].map(([tag]) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null
    return [attr('rel'), attr('hreflang'), attr('href')]
  })

test('each legal page in each language names its canonical URL and every language’s version, absolute', async () => {
  expect(names).toEqual(['privacy', 'terms', ...(IMPRINTS[DEFAULT_LOCALE] ? ['imprint'] : [])])
  for (const name of names as ('privacy' | 'terms' | 'imprint')[])
    for (const locale of LOCALES) {
      const html = await readFile(join(dir, legalPath(name, locale), 'index.html'), 'utf8')
      const links = headLinks(html)
      expect(links.filter(([rel]) => rel === 'canonical')).toEqual([
        ['canonical', null, `${ORIGIN}${legalPath(name, locale)}`],
      ])
      expect(links.filter(([rel]) => rel === 'alternate')).toEqual(
        LOCALES.length > 1
          ? [
              ...LOCALES.map((l) => ['alternate', l, `${ORIGIN}${legalPath(name, l)}`]),
              ['alternate', 'x-default', `${ORIGIN}${legalPath(name, DEFAULT_LOCALE)}`],
            ]
          : [],
      )
      // Still no inline code, so every deployment's page CSP allows the page as it is.
      expect(html).not.toMatch(/<script|<style|\sstyle="/)
    }
})

// A page without an icon link makes the browser ask for /favicon.ico, which no build has: a 404
// on every legal page. They link what the landing page's template links, and the console too.
test('each legal page links the icons the landing page links', async () => {
  const landing = iconLinks(await readFile(join(ROOT, 'index.html'), 'utf8'))
  expect(landing.length).toBeGreaterThan(1)
  expect(iconLinks(await readFile(join(ROOT, 'src/console/index.html'), 'utf8'))).toEqual(landing)
  for (const name of names as ('privacy' | 'terms' | 'imprint')[])
    for (const locale of LOCALES) {
      const html = await readFile(join(dir, legalPath(name, locale), 'index.html'), 'utf8')
      expect(iconLinks(/<head>([\s\S]*?)<\/head>/.exec(html)![1]!), legalPath(name, locale)).toEqual(landing)
    }
})
