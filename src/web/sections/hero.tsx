import { SCREEN_IMAGES } from 'virtual:screen-images'
import { HERO_TEXTS, type Locale } from '../../shared/content.ts'
import type { ScreenImage } from '../../shared/screens.ts'
import { storeStage } from '../../shared/store-stage.ts'
import { Island } from '../islands/island.tsx'
import { PhoneFrame } from '../ui/phone-frame.tsx'
import { StoreBadges } from './store-badges.tsx'

/**
 * The three phones, in reading order (right to left on a right-to-left page: the row is a flex row,
 * and each side phone's lean toward the front one mirrors with `rtl:`). `sizes` is the width the screenshot is laid out at, from the
 * classes beside it: the row's content box W is min(100vw, 896px) less its padding (24 px, 48 px
 * from `sm`), a phone is 38% (side) or 46% (front) of W, 31% and 36% from `sm`, and the frame's
 * padding takes 6.4% of W. e2e/budget.spec.ts checks it against the layout at three widths.
 */
const PLACES = [
  {
    frame:
      'relative z-0 mt-[9%] w-[38%] max-w-[270px] shrink-0 translate-x-[18%] -rotate-6 sm:w-[31%] sm:translate-x-[6%] rtl:-translate-x-[18%] rtl:rotate-6 sm:rtl:-translate-x-[6%]',
    sizes: '(min-width: 896px) 209px, (min-width: 640px) calc(24.6vw - 11px), calc(31.6vw - 7px)',
  },
  {
    frame: 'relative z-10 w-[46%] max-w-[310px] shrink-0 sm:w-[36%]',
    sizes: '(min-width: 896px) 252px, (min-width: 640px) calc(29.6vw - 14px), calc(39.6vw - 9px)',
  },
  {
    frame:
      'relative z-0 mt-[9%] w-[38%] max-w-[270px] shrink-0 -translate-x-[18%] rotate-6 sm:w-[31%] sm:-translate-x-[6%] rtl:translate-x-[18%] rtl:-rotate-6 sm:rtl:translate-x-[6%]',
    sizes: '(min-width: 896px) 209px, (min-width: 640px) calc(24.6vw - 11px), calc(31.6vw - 7px)',
  },
] as const

/**
 * A screenshot as AVIF or WebP at the width the layout needs (src/content/screen-images.ts); its
 * width and height keep its box before it arrives, so nothing moves when it does. In the
 * document, so the load event waits for it; at low priority, so it never delays the first paint
 * (docs/decisions/screenshots.md).
 */
function Screen({ image, alt, sizes }: { image: ScreenImage; alt: string; sizes: string }) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        fetchPriority="low"
        className="block h-auto w-full"
      />
    </picture>
  )
}

/**
 * Server HTML around one island, the "try the beta" button (cta-links.tsx); once a store is live,
 * its badge above it, and once both are, the badges alone.
 */
export function Hero({ locale }: { locale: Locale }) {
  const HERO = HERO_TEXTS[locale]
  const lead = HERO.headline.slice(0, HERO.headline.length - HERO.headlineAccent.length)
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden pt-12 pb-16 sm:pt-20 sm:pb-24">
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div className="mx-auto max-w-6xl px-4 text-center sm:px-6">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-border bg-subtle px-3 py-1 text-sm text-fg">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-400" />
          {HERO.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-[2.5rem] leading-[1.05] font-bold tracking-tight text-balance text-fg-strong sm:text-6xl lg:text-7xl"
        >
          {lead}
          <span className="text-gradient">{HERO.headlineAccent}</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-fg sm:text-xl">{HERO.subline}</p>
        <div className="mt-9 flex flex-col items-center gap-3">
          <StoreBadges locale={locale} className="-m-3" />
          {storeStage() === 'live' ? null : <Island name="hero-cta" />}
          {/* The last text of the first view: once the browser reports it painted (Element Timing),
              the page's inline loader starts the stylesheet and the script (scripts/first-view.ts). */}
          <p elementtiming="first-view" className="flex items-center gap-1.5 text-sm text-fg-muted">
            <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="fill-emerald-400">
              <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm3.3 5.2-3.9 4.3a.7.7 0 0 1-1 0L4.6 8.7l1-1 1.3 1.2 3.4-3.7 1 1Z" />
            </svg>
            {HERO.note}
          </p>
        </div>
      </div>
      <div
        role="group"
        aria-label={HERO.screensLabel}
        className="relative mx-auto mt-14 flex max-w-4xl items-start justify-center px-3 sm:mt-20 sm:px-6"
      >
        {SCREEN_IMAGES[locale]!.map((image, i) => (
          <PhoneFrame key={image.file} className={PLACES[i]!.frame}>
            <Screen image={image} alt={HERO.screens[i]!.alt} sizes={PLACES[i]!.sizes} />
          </PhoneFrame>
        ))}
      </div>
    </section>
  )
}
