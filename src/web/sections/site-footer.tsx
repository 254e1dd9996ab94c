import { DEFAULT_PLAY_ATTRIBUTION } from '../../shared/content-types.ts'
import {
  FOOTER_TEXTS,
  IMPRINTS,
  LINKS,
  PRODUCT_NAMES,
  SOCIAL_TEXTS,
  STORE_TEXTS,
  type Locale,
} from '../../shared/content.ts'
import { liveStores, storeStage } from '../../shared/store-stage.ts'
import { legalPath } from '../../shared/locales.ts'
import { Island } from '../islands/island.tsx'
import { Badge } from '../ui/badge.tsx'
import { LogoMark } from '../../ui/logo-mark.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { SocialIcon } from './social-icon.tsx'

/** Server HTML around one island: the dialog links and their dialogs (footer-dialogs.tsx). */
export function SiteFooter({ locale }: { locale: Locale }) {
  const FOOTER = FOOTER_TEXTS[locale]
  return (
    <footer id="site-footer" className="border-t border-border bg-sunken">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2.5">
            <LogoMark id="logo-footer" size={28} />
            <span className="font-semibold text-fg-strong">{PRODUCT_NAMES[locale]}</span>
            {/* The beta's marks, as the header's badge: gone once the app is out on both stores. */}
            {storeStage() === 'live' ? null : (
              <>
                <Badge>{FOOTER.betaBadge}</Badge>
                <span className="rounded-full border border-border px-2 py-0.5 text-xs text-fg">{FOOTER.betaYear}</span>
              </>
            )}
          </div>
          <p className="max-w-sm text-sm text-fg-muted">{FOOTER.tagline}</p>
        </div>
        <div className="grid gap-5 md:justify-items-end">
          <Island name="footer-dialogs" />
          <ul className="flex gap-2">
            {LINKS.social.map((s) => (
              <li key={s.id}>
                <a
                  href={s.href}
                  // A Mastodon server verifies a profile's link back to this page by rel="me".
                  rel={s.id === 'mastodon' ? 'me' : undefined}
                  aria-label={SOCIAL_TEXTS[locale][s.id]}
                  className="flex size-10 items-center justify-center rounded-full border border-border text-fg hover:border-border-strong hover:text-fg-strong"
                >
                  <SocialIcon icon={s.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-between border-t border-border pt-6 text-sm text-fg-muted md:col-span-2">
          <p>
            {FOOTER.copyright}
            {IMPRINTS[locale] && FOOTER.imprint ? (
              <>
                {' · '}
                <a href={legalPath('imprint', locale)} className="text-link">
                  {FOOTER.imprint}
                </a>
              </>
            ) : null}
          </p>
          <LanguageSwitch locale={locale} label={FOOTER.languages} />
        </div>
        {liveStores().some((s) => s.store === 'googlePlay') ? (
          // Google's badge guidelines: the legal attribution wherever the Play badge shows.
          <p className="text-xs text-fg-muted md:col-span-2">
            {STORE_TEXTS[locale].playAttribution ?? DEFAULT_PLAY_ATTRIBUTION}
          </p>
        ) : null}
      </div>
    </footer>
  )
}
