import { render, screen, waitFor, within } from '@testing-library/react'
// The named export: under the editors' NodeNext resolution the default is the CommonJS module object.
import { userEvent } from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { DEFAULT_LOCALE, FOOTER_TEXTS, HERO_TEXTS, LEGAL_TEXTS, LINKS, LOCALES } from '../shared/content.ts'
import { legalPath } from '../shared/locales.ts'
import { App } from './app.tsx'
import { renderIsland } from './entry-server.tsx'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

describe('App', () => {
  test('the prerendered markup carries no inline style or script (the CSP forbids them)', () => {
    const html = renderToString(<App />)
    expect(html).not.toMatch(/\sstyle="/)
    expect(html).not.toMatch(/<script|<style/)
    expect(html).toContain(T.hero.cta.replaceAll("'", '&#x27;'))
  })

  // The screenshots are shared; their alt texts are each language's own.
  test.each(LOCALES)('the %s page describes its screenshots in its own language', (locale) => {
    const { container } = render(<App locale={locale} />)
    const alts = [...container.querySelectorAll('picture img')].map((img) => img.getAttribute('alt'))
    expect(alts).toEqual(HERO_TEXTS[locale].screens.map((s) => s.alt))
  })

  test('landmarks and the specified texts', () => {
    render(<App />)
    const header = screen.getByRole('banner')
    expect(within(header).getByText(T.header.betaBadge)).toBeInTheDocument()
    // In beta (the demo's stores), the home link's name says so (test/stores-launched.test.ts: once live).
    expect(within(header).getByRole('link', { name: T.header.homeLabel })).toHaveAttribute('href', '#top')
    expect(within(header).getByRole('button', { name: T.header.cta })).toHaveAttribute('href', '#cta')
    // Drawn inline: no request before the first paint.
    if (LINKS.productDirectory && T.productDirectory) {
      const badge = within(header).getByRole('img', { name: T.productDirectory.alt })
      expect(badge).toHaveAttribute('width', '250')
      expect(badge).toHaveAttribute('height', '54')
    } else expect(within(header).queryByRole('img')).toBeNull()

    const main = screen.getByRole('main')
    const article = within(main).getByRole('article')
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent(T.hero.headline)
    expect(within(article).getByRole('button', { name: T.hero.cta })).toHaveAttribute('href', '#cta')
    expect(within(article).getByText(T.hero.note)).toBeInTheDocument()
    const shots = within(article)
      .getAllByRole('img')
      .map((img) => [img.tagName.toLowerCase(), img.getAttribute('alt')])
    // The screenshots, left to right, as <picture>s (docs/decisions/screenshots.md).
    expect(shots).toEqual(HERO_TEXTS[DEFAULT_LOCALE].screens.map((s) => ['img', s.alt]))

    const aside = within(main).getByRole('complementary')
    expect(aside).toHaveAttribute('id', 'cta')
    expect(within(aside).getByRole('heading', { level: 2 })).toHaveTextContent(T.signup.heading)
    for (const line of T.signup.reassurance) expect(within(aside).getByText(line)).toBeInTheDocument()

    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByText(T.footer.betaYear)).toBeInTheDocument()
    expect(within(footer).getByText(T.footer.betaBadge)).toBeInTheDocument()
    expect(within(footer).getByText(/©/)).toBeInTheDocument()
    for (const item of [T.footer.contact, T.footer.privacy, T.footer.terms])
      expect(within(footer).getByRole('button', { name: item })).toHaveAttribute('aria-haspopup', 'dialog')
    for (const link of LINKS.social)
      expect(within(footer).getByRole('link', { name: T.social[link.id]! })).toHaveAttribute('href', link.href)
  })

  test('both policies show their effective date once loaded, and the privacy policy links to the terms in-page', async () => {
    const { container } = render(<App />)
    const legal = LEGAL_TEXTS[DEFAULT_LOCALE]
    const footer = FOOTER_TEXTS[DEFAULT_LOCALE]
    // The footer's island fetches the legal texts once it is React's (they are not in the page).
    await waitFor(() => expect(container.querySelector('dialog#privacy time')).not.toBeNull())
    for (const id of ['privacy', 'terms'] as const) {
      const dialog = container.querySelector(`dialog#${id}`)
      expect(dialog).toHaveAttribute('aria-labelledby', `${id}-title`)
      expect(dialog?.querySelector('time')).toHaveAttribute('dateTime', legal[id].effectiveDate)
      expect(dialog).toHaveTextContent(`${footer.effectiveDate} ${legal[id].effectiveDateLabel}`)
      expect(dialog?.querySelector('[aria-busy="true"]')).toBeNull()
    }
    expect(container.querySelector('dialog#privacy a[href="#terms"]')).not.toBeNull()
  })

  test('the prerendered legal dialogs hold a link to their page, not the text', () => {
    const html = renderIsland('footer-dialogs', DEFAULT_LOCALE)
    for (const id of ['privacy', 'terms'] as const) {
      const doc = LEGAL_TEXTS[DEFAULT_LOCALE][id]
      expect(html).toContain(`href="${legalPath(id, DEFAULT_LOCALE)}"`)
      for (const section of doc.sections) expect(html).not.toContain(section.heading)
    }
  })

  test('a call to action scrolls to the sign-up and focuses its email field, instantly under reduced motion', async () => {
    const scrollIntoView = vi.fn()
    // jsdom implements neither; the browser does.
    Element.prototype.scrollIntoView = scrollIntoView
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }))
    const user = userEvent.setup()
    render(<App />)
    await user.click(screen.getByRole('button', { name: T.hero.cta }))
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' })
    expect(screen.getByLabelText(T.signup.emailLabel)).toHaveFocus()

    vi.stubGlobal('matchMedia', () => ({ matches: false }))
    screen.getByRole('button', { name: T.header.cta }).focus()
    await user.keyboard(' ')
    expect(scrollIntoView).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' })
    expect(screen.getByLabelText(T.signup.emailLabel)).toHaveFocus()
  })
})
