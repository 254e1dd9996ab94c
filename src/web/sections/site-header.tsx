import { HEADER_TEXTS, LINKS, PRODUCT_NAMES, type Locale } from '../../shared/content.ts'
import { storeStage } from '../../shared/store-stage.ts'
import { Island } from '../islands/island.tsx'
import { Badge } from '../ui/badge.tsx'
import { ProductDirectoryBadge } from './product-directory-badge.tsx'
import { LogoMark } from '../../ui/logo-mark.tsx'

/** Server HTML around one island, the "try the beta" button (cta-links.tsx). */
export function SiteHeader({ locale }: { locale: Locale }) {
  const HEADER = HEADER_TEXTS[locale]
  // The BETA badge is the beta's: once the app is out on both stores, the name stands alone.
  // Half live, the page still offers the other phone's beta, and the badge stays.
  const launched = storeStage() === 'live'
  return (
    <header className="relative z-40 border-b border-border bg-page/80 backdrop-blur-md md:sticky md:top-0">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-3 px-3 py-3 sm:gap-x-4 sm:px-6">
        <a
          href="#top"
          aria-label={launched ? HEADER.liveHomeLabel : HEADER.homeLabel}
          className="flex items-center gap-2 rounded-lg sm:gap-2.5"
        >
          <LogoMark id="logo-header" size={30} />
          <span className="text-base font-semibold tracking-tight text-fg-strong sm:text-lg">
            {PRODUCT_NAMES[locale]}
          </span>
          {/* The flex gap spaces the two visually; the space makes the link's text "<name> BETA", as
              seen, so its label "<name> BETA, home" starts with it (WCAG 2.5.3 label in name). */}
          {launched ? null : (
            <>
              {' '}
              <Badge>{HEADER.betaBadge}</Badge>
            </>
          )}
        </a>
        {/* Optional (links.productDirectory): without it the header is logo and button, no gap. */}
        {LINKS.productDirectory ? (
          <div className="order-last flex w-full justify-center md:order-none md:ms-auto md:w-auto">
            <a href={LINKS.productDirectory.href} className="block rounded-[10px]">
              <ProductDirectoryBadge locale={locale} className="block h-[54px] w-[250px]" />
            </a>
          </div>
        ) : null}
        <Island name="header-cta" />
      </div>
    </header>
  )
}
