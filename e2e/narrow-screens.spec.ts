import type { Page } from '@playwright/test'
import { texts } from '../src/shared/content.ts'
import { LOCALES, localeRoot, type Locale } from '../src/shared/locales.ts'
import { expect, test } from './fixtures.ts'

// Every language's page fits a 320 px screen (WCAG 1.4.10 reflow): no text is drawn past either
// edge, whether it pushes the page wider or is cut by a box that hides its overflow. A German
// call to action once ran off a phone's screen with nothing noticing (issue 38). This runs on the
// demo and on the second brand (scripts/test-all.ts), and it names what overflows by its content
// key, so a founder knows which text to shorten (docs/decisions/languages.md, "Narrow screens").

/** The narrowest screen a page must fit (WCAG 1.4.10's 320 CSS px), a phone, a tablet and a laptop. */
const WIDTHS = [320, 390, 768, 1440] as const

/** Each text of a language, by its key: `texts.header.cta`... (what a founder edits). */
function textKeys(locale: Locale): Map<string, string> {
  const keys = new Map<string, string>()
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!keys.has(value.trim())) keys.set(value.trim(), key)
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${key}[${i}]`))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}.${k}`)
  }
  walk(texts(locale), 'texts')
  return keys
}

type Overflow = { text: string; by: number; clipped: boolean }

/**
 * Every text run drawn beyond the viewport's left or right edge (by how many px), and whether a
 * box with hidden overflow cuts it (so it does not widen the page, but part of it cannot be read).
 */
async function overflowingTexts(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const found: { text: string; by: number; clipped: boolean }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const parent = node.parentElement
      if (!text || !parent) continue
      const style = getComputedStyle(parent)
      if (style.visibility === 'hidden' || parent.closest('[hidden], template, noscript, dialog:not([open])')) continue
      range.selectNodeContents(node)
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0)
      // Visually hidden text (a screen reader's label) is a 1 px box, and text moved wholly off the
      // screen on purpose (the honeypot, a skip link until focused) is never seen: neither is cut.
      // A text wholly past the edge by accident still widens the page, which the test checks too.
      if (!rects.length || rects.every((r) => r.width <= 1 || r.right <= 0 || r.left >= width)) continue
      const by = Math.max(...rects.map((r) => Math.max(r.right - width, -r.left)))
      // Sub-pixel rounding of a text that ends exactly at the edge is not an overflow.
      if (by <= 0.5) continue
      let clipped = false
      for (let el: Element | null = parent; el && el !== document.documentElement; el = el.parentElement) {
        const s = getComputedStyle(el)
        if (/hidden|clip/.test(s.overflowX)) clipped = true
      }
      found.push({ text, by: Math.ceil(by), clipped })
    }
    return found
  })
}

/**
 * Every button, link, heading, field and list item (a card) whose box reaches past the viewport's left or right
 * edge (a button's fill can run off the screen while its text still fits), by its text.
 */
async function overflowingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    // Not pictures: the hero's side phones lean past the edges on purpose, inside a box that clips them.
    const boxes = document.querySelectorAll('button, a, h1, h2, h3, input, select, textarea, li')
    return Array.from(boxes).flatMap((el) => {
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1 || el.closest('[hidden], template, noscript, dialog:not([open])')) return []
      // Moved wholly off the screen on purpose (the honeypot, a skip link until focused).
      if (r.right <= 0 || r.left >= width) return []
      const by = Math.max(r.right - width, -r.left)
      return by > 0.5
        ? [
            `<${el.tagName.toLowerCase()}> ${JSON.stringify(el.textContent?.trim().slice(0, 60) ?? '')}: ${Math.ceil(by)} px past the edge`,
          ]
        : []
    })
  })
}

/** The feature cards' rows (by their top edge): how many cards each holds. */
async function cardRows(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const rows = new Map<number, number>()
    for (const card of Array.from(document.querySelectorAll('#features li.card'))) {
      const top = Math.round(card.getBoundingClientRect().top + scrollY)
      rows.set(top, (rows.get(top) ?? 0) + 1)
    }
    return [...rows.values()]
  })
}

for (const locale of LOCALES)
  for (const width of WIDTHS)
    test(`${localeRoot(locale)} fits a ${width} px screen: no text past its edges, the page no wider`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 720 })
      await page.goto(localeRoot(locale))
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await page.evaluate(() => document.fonts.ready)
      const keys = textKeys(locale)
      const named = (o: Overflow) =>
        `${keys.get(o.text) ?? 'a text'} ${JSON.stringify(o.text)}: ${o.by} px past the edge${o.clipped ? ', cut off' : ''}`
      const overflows = (await overflowingTexts(page)).map(named)
      expect(overflows, `texts too wide for ${width} px in ${locale}: shorten them`).toEqual([])
      expect(await overflowingBoxes(page), `boxes past the edge at ${width} px in ${locale}`).toEqual([])
      // From 768 px the cards sit in rows of two or three: none alone on its row (one card aside).
      const rows = await cardRows(page)
      if (width >= 768 && rows.reduce((a, b) => a + b, 0) > 1)
        expect(
          rows.filter((n) => n === 1),
          `feature cards per row: ${rows.join(' + ')}`,
        ).toEqual([])
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(wider, 'the page scrolls sideways').toBeLessThanOrEqual(0)
    })

// The check itself: a call to action made too wide for the screen is found and named, whether it
// widens the page or is cut by a box that hides its overflow.
test('a text too wide for 320 px is named, widening the page or cut off', async ({ page }) => {
  const [locale] = LOCALES
  const cta = texts(locale!).hero.cta
  await page.setViewportSize({ width: 320, height: 720 })
  await page.goto(localeRoot(locale!))
  await page.evaluate((text) => {
    const wide = document.createElement('p')
    wide.style.whiteSpace = 'nowrap'
    wide.textContent = `${text} ${text} ${text} ${text}`
    // Styled through the CSSOM: the page's CSP refuses style attributes in markup.
    const cut = document.createElement('div')
    cut.style.overflow = 'hidden'
    const label = document.createElement('span')
    label.style.whiteSpace = 'nowrap'
    label.textContent = 'Eine viel zu lange Schaltfläche für ein Telefon mit schmalem Bildschirm'
    cut.append(label)
    document.querySelector('main')!.append(wide, cut)
  }, cta)
  const found = await overflowingTexts(page)
  expect(found.map((o) => [o.text.startsWith(cta), o.clipped])).toEqual(
    expect.arrayContaining([
      [true, false],
      [false, true],
    ]),
  )
})
