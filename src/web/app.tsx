import { DEFAULT_LOCALE, type Locale } from '../shared/content.ts'
import { BetaSignup } from './sections/beta-signup.tsx'
import { Features } from './sections/features.tsx'
import { Hero } from './sections/hero.tsx'
import { SiteFooter } from './sections/site-footer.tsx'
import { SiteHeader } from './sections/site-header.tsx'

/** The page in one language (the prerender renders each of `LOCALES`). */
export function App({ locale = DEFAULT_LOCALE }: { locale?: Locale }) {
  return (
    <div id="top" className="flex min-h-dvh flex-col">
      <SiteHeader locale={locale} />
      <main className="flex-1">
        <article>
          <Hero locale={locale} />
          <Features locale={locale} />
        </article>
        <BetaSignup locale={locale} />
      </main>
      <SiteFooter locale={locale} />
    </div>
  )
}
