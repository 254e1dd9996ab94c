import { BetaSignup } from './sections/beta-signup.tsx'
import { Features } from './sections/features.tsx'
import { Hero } from './sections/hero.tsx'
import { SiteFooter } from './sections/site-footer.tsx'
import { SiteHeader } from './sections/site-header.tsx'

export function App() {
  return (
    <div id="top" className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <article>
          <Hero />
          <Features />
        </article>
        <BetaSignup />
      </main>
      <SiteFooter />
    </div>
  )
}
