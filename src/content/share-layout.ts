// Where each text of the share card sits and at which size: measured, wrapped and shrunk
// (share-text.ts). Free of the generated content module, so `npm run content:check` fits every
// language's card from the files it has just read, before any build.
import type { PageTexts } from '../shared/content-types.ts'
import { fitText, ShareTextError, textWidth, type Fitted } from './share-text.ts'

/** The Open Graph / Twitter card picture's size. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const

/** The words the share card shows, in one language; `badge` is empty once the app is out. */
export type ShareTexts = { name: string; headline: string; headlineAccent: string; promises: string; badge: string }

/**
 * The card's words from one language's texts (the content module's, or content:check's freshly
 * loaded ones). `launched`: both stores are live (src/shared/store-stage.ts, 'live'), so the card,
 * like the header, drops the beta's badge and promises and says the sign-up section's words.
 */
export function shareTextsOf(
  name: string,
  texts: Pick<PageTexts, 'hero' | 'signup' | 'header' | 'stores'>,
  launched: boolean,
): ShareTexts {
  const { hero, signup, header, stores } = texts
  return {
    name,
    headline: hero.headline,
    headlineAccent: hero.headlineAccent,
    promises: launched ? (stores.liveIntro ?? signup.intro) : [...signup.reassurance, hero.note].join(' · '),
    badge: launched ? '' : header.betaBadge,
  }
}

/** Where each text sits (px of SHARE_SIZE): the card keeps 80 px margins left and right. */
export const MARGIN = 80
const TEXT_WIDTH = SHARE_SIZE.width - 2 * MARGIN
export const NAME_X = 172

/** Each text of the card fitted to its place: sizes and lines, measured as librsvg draws them. */
export type ShareLayout = { name: Fitted; badge: Fitted; headline: Fitted; promises: Fitted }

/** `file`: where these texts are written (site.yaml, or locales/<lang>.yaml), for the error's name. */
export async function shareLayout(texts: ShareTexts, file = 'site.yaml'): Promise<ShareLayout> {
  const bold = { weight: 700 } as const
  const badge = texts.badge
    ? await fitText(texts.badge, {
        name: `${file}: texts.header.betaBadge`,
        ...bold,
        letterSpacing: 2,
        maxWidth: 420,
        maxLines: 1,
        size: 22,
        minSize: 16,
      })
    : { lines: [], size: 0 }
  const badgeWidth = badge.lines[0] ? await textWidth(badge.lines[0], badge.size, { ...bold, letterSpacing: 2 }) : 0
  const name = await fitText(texts.name, {
    name: 'site.yaml: product.name',
    ...bold,
    maxWidth: SHARE_SIZE.width - MARGIN - badgeWidth - 32 - NAME_X,
    maxLines: 1,
    size: 44,
    minSize: 28,
  })
  // Two lines at the full size, as the demo's; else three, smaller and smaller.
  const headlineRule = { name: `${file}: texts.hero.headline`, ...bold, letterSpacing: -1, maxWidth: TEXT_WIDTH }
  const headline = await fitText(texts.headline, { ...headlineRule, maxLines: 2, size: 76, minSize: 76 }).catch(
    (err: unknown) => {
      if (!(err instanceof ShareTextError)) throw err
      return fitText(texts.headline, { ...headlineRule, maxLines: 3, size: 64, minSize: 44 })
    },
  )
  // One line, a little smaller if need be; else two lines.
  const promisesRule = {
    name: `${file}: texts.signup.reassurance and texts.hero.note (the share image joins them)`,
    weight: 400,
    maxWidth: TEXT_WIDTH,
  } as const
  const promises = await fitText(texts.promises, { ...promisesRule, maxLines: 1, size: 28, minSize: 22 }).catch(
    (err: unknown) => {
      if (!(err instanceof ShareTextError)) throw err
      return fitText(texts.promises, { ...promisesRule, maxLines: 2, size: 28, minSize: 20 })
    },
  )
  return { name, badge, headline, promises }
}
