import { STORE_TEXTS, type Locale } from '../../shared/content.ts'
import { liveStores } from '../../shared/store-stage.ts'

/** The badges' height on the page, in CSS pixels (Apple's and Google's the same: Play's never smaller); h-12 below. */
const BADGE_HEIGHT = 48

/**
 * The official badges of the live stores, each linking to its listing (Google: "Any online use of
 * the badge must link to the Google Play store"), with a quarter of the badge's height as clear
 * space on every side, drawn at one height so Play's is as large as Apple's. Each image's width
 * and height are set, so its box is kept before it arrives and nothing moves; low priority, as
 * the first paint never waits for an image (`lazy` below the fold).
 * docs/decisions/stores-and-badges.md
 */
export function StoreBadges({
  locale,
  lazy = false,
  className = '',
}: {
  locale: Locale
  lazy?: boolean
  className?: string
}) {
  const texts = STORE_TEXTS[locale]
  const stores = liveStores()
  if (stores.length === 0) return null
  return (
    <ul className={`flex flex-wrap items-center justify-center ${className}`} data-store-badges="">
      {stores.map(({ store, url, badge }) => (
        <li key={store}>
          {/* p-3: 12 px, a quarter of BADGE_HEIGHT, the clear space both guidelines ask for. */}
          <a href={url} className="block rounded-lg p-3" data-store={store}>
            <img
              src={badge.src}
              alt={(store === 'appStore' ? texts.appStoreAlt : texts.googlePlayAlt) ?? ''}
              width={Math.round((BADGE_HEIGHT * badge.width) / badge.height)}
              height={BADGE_HEIGHT}
              fetchPriority="low"
              decoding="async"
              {...(lazy ? { loading: 'lazy' as const } : {})}
              className="block h-12 w-auto"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
