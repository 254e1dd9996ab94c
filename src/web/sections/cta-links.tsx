import type { IslandTexts } from '../../shared/content-types.ts'
import { CTA_ID, scrollToCta } from '../lib/scroll-to-cta.ts'
import { buttonClass, LinkButton } from '../ui/button.tsx'

/**
 * The header's "try the beta" button ("get the app" once both stores are live: generate.ts picks
 * its words): an island, so the header around it stays server HTML.
 */
export function HeaderCta({ texts }: { texts: IslandTexts }) {
  return (
    <LinkButton href={`#${CTA_ID}`} onClick={scrollToCta} className={buttonClass('light', 'md')}>
      {texts.headerCta.cta}
    </LinkButton>
  )
}

/** The hero's "try the beta" button: an island, so the hero around it stays server HTML. */
export function HeroCta({ texts }: { texts: IslandTexts }) {
  return (
    <LinkButton href={`#${CTA_ID}`} onClick={scrollToCta} className={buttonClass('primary', 'lg', 'px-8')}>
      {texts.heroCta.cta}
    </LinkButton>
  )
}
