import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, test, vi } from 'vitest'
import {
  DEFAULT_LOCALE,
  HERO_TEXTS,
  ISLAND_TEXTS,
  LEGAL_TEXTS,
  LOCALES,
  loadIslandTexts,
  loadLegalTexts,
} from '../../shared/content.ts'
import { legalPath } from '../../shared/locales.ts'
import { render, renderIsland } from '../entry-server.tsx'
import { ISLANDS, type IslandName } from './islands.ts'
import { PageLocale } from './page-locale.ts'

const NAMES = Object.keys(ISLANDS) as IslandName[]

function prerendered(): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${render()}</body>`, 'text/html')
}

describe('the prerendered page and its islands', () => {
  test('each island container holds exactly the markup its own root will hydrate', () => {
    const doc = prerendered()
    const containers = [...doc.querySelectorAll<HTMLElement>('[data-island]')]
    expect(containers.map((el) => el.dataset.island)).toEqual(NAMES)
    for (const el of containers) {
      // Compared as the browser serialises both (entities, comments), not as React wrote them.
      const own = doc.createElement('div')
      own.innerHTML = renderIsland(el.dataset.island as IslandName)
      expect(el.innerHTML).toBe(own.innerHTML)
    }
  })

  test('outside the islands the page is plain HTML, without React text markers', () => {
    const doc = prerendered()
    for (const el of doc.querySelectorAll('[data-island]')) el.remove()
    const comments = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT)
    expect(comments.nextNode()).toBeNull()
    expect(doc.querySelector('h1')?.textContent).toBe(HERO_TEXTS[DEFAULT_LOCALE].headline)
  })

  // In the browser an island gets its page's language's texts alone (loadIslandTexts): the same
  // set the prerender rendered it with, and its `<html lang>` as the page's language (the forms'
  // actions name it). React reports an attribute that differs only as a console error, not as a
  // recoverable one: both are caught.
  test.each(LOCALES)('every island of the %s page hydrates without a mismatch from its texts', async (locale) => {
    document.body.innerHTML = render(locale)
    const texts = await loadIslandTexts(locale)
    const errors: unknown[] = []
    const logged = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')))
    try {
      await act(async () => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
          const Component = ISLANDS[el.dataset.island as IslandName]
          hydrateRoot(
            el,
            <PageLocale value={locale}>
              <Component texts={texts} />
            </PageLocale>,
            { onRecoverableError: (err) => errors.push(err) },
          )
        }
      })
    } finally {
      logged.mockRestore()
    }
    expect(errors.filter((e) => !/not configured to support act/.test(String(e)))).toEqual([])
    expect(document.querySelector('[data-island="beta-signup"] button[type="submit"]')).toBeInTheDocument()
  })

  // The legal texts are a chunk of each language's own, which the footer's dialogs load; the
  // island's texts only name each text's title and page (docs/decisions/document-budget.md).
  test.each(LOCALES)(
    "the %s page's footer loads its own language's legal texts, and links each one's page",
    async (locale) => {
      expect(await loadLegalTexts(locale)).toEqual(LEGAL_TEXTS[locale])
      for (const id of ['privacy', 'terms'] as const)
        expect(ISLAND_TEXTS[locale].legal[id]).toEqual({
          title: LEGAL_TEXTS[locale][id].title,
          href: legalPath(id, locale),
        })
      expect(JSON.stringify(ISLAND_TEXTS[locale])).not.toContain(LEGAL_TEXTS[locale].privacy.sections[0]!.heading)
    },
  )

  // docs/decisions/no-script-forms.md: where the server sees the forms they post to it; built for a
  // static host in front of Supabase they post nowhere and say they need JavaScript.
  test.each([
    ['the self-hosted server', '', true],
    ['a static host in front of Supabase', 'https://project.supabase.co', false],
  ])('built for %s, the forms without JavaScript', async (_, url, posts) => {
    vi.stubEnv('VITE_SUPABASE_URL', url)
    vi.resetModules()
    try {
      const { renderIsland: render } = await import('../entry-server.tsx')
      for (const name of ['beta-signup', 'footer-dialogs'] as const) {
        const doc = new DOMParser().parseFromString(render(name), 'text/html')
        const form = doc.querySelector('form[method="post"], form:not([method])')!
        const submit = form.querySelector('button[type="submit"]')!
        expect(form.getAttribute('action') !== null, name).toBe(posts)
        expect(submit.hasAttribute('disabled'), name).toBe(!posts)
        expect(render(name).includes('<noscript>'), name).toBe(!posts)
      }
    } finally {
      vi.unstubAllEnvs()
      vi.resetModules()
    }
  })
})
