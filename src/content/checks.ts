import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { PageTexts, ThemeColour } from '../shared/content-types.ts'
import { menuOf, sunkenOf } from '../shared/theme-shades.ts'
import { checkAppSiteAssociation, checkAssetLinks } from './app-links.ts'
import {
  buttonsOf,
  contrastRatio,
  gradientRatio,
  MIN_CONTRAST,
  onAccentOf,
  onBrandChoices,
  onBrandOf,
} from '../shared/contrast.ts'
import type { Content } from './load.ts'
import type { Problem } from './problems.ts'
import { checkStores } from './store-badges.ts'

// What the schema cannot say: checks across fields and against the files beside site.yaml.
// Each returns its problems; `checkContent` runs them all, so every problem is printed at once.

/** Text colours and the backgrounds they are drawn on (the text on buttons: checkOnBrand). */
const TEXT_PAIRS: readonly [ThemeColour, ThemeColour][] = [
  ['text', 'page'],
  ['text', 'surface'],
  ['muted', 'page'],
  ['muted', 'surface'],
  ['link', 'page'],
  ['link', 'surface'],
  ['danger', 'page'],
  ['danger', 'surface'],
]

/**
 * Backgrounds derived from the theme (src/shared/theme-shades.ts) and the theme's text drawn on
 * them: the footer's ground under text, muted and link; a select's menu under text. A problem
 * names the text's theme key.
 */
const DERIVED_PAIRS: readonly { name: string; texts: readonly ThemeColour[] }[] = [
  { name: 'the footer (the page, darker)', texts: ['text', 'muted', 'link'] },
  { name: "a select's menu (the surface, lighter)", texts: ['text'] },
]

function checkContrast(content: Content): Problem[] {
  const problems: Problem[] = []
  for (const scheme of ['light', 'dark'] as const) {
    const palette = content.theme[scheme]
    const derived = [sunkenOf(palette.page, scheme), menuOf(palette.surface, scheme)]
    for (const [fg, bg] of TEXT_PAIRS) {
      const ratio = contrastRatio(palette[fg], palette[bg])
      if (ratio < MIN_CONTRAST)
        problems.push({
          file: 'site.yaml',
          key: `theme.${scheme}.${fg}`,
          message: `${fg} on ${bg} has a contrast of ${ratio.toFixed(2)}:1, below WCAG AA's ${MIN_CONTRAST}:1`,
        })
    }
    DERIVED_PAIRS.forEach(({ name, texts }, i) => {
      for (const fg of texts) {
        const ratio = contrastRatio(palette[fg], derived[i]!)
        if (ratio < MIN_CONTRAST)
          problems.push({
            file: 'site.yaml',
            key: `theme.${scheme}.${fg}`,
            message: `${fg} on ${name} has a contrast of ${ratio.toFixed(2)}:1, below WCAG AA's ${MIN_CONTRAST}:1`,
          })
      }
    })
  }
  return [...problems, ...checkOnBrand(content)]
}

const ratioText = (r: number) => `${r.toFixed(2)}:1`

/**
 * The text on the buttons (src/shared/contrast.ts, buttonsOf): on solid buttons the brand's own
 * text must reach WCAG AA on the brand; on a gradient one text must reach it end to end; a text the
 * founder set on the accent must read on it. Each failure names the colours, what each text gives,
 * and the fix.
 */
function checkOnBrand(content: Content): Problem[] {
  const problems: Problem[] = []
  const { light, dark } = onBrandChoices(content.theme)
  const texts = (ratio: (fg: string) => number) =>
    `white ${ratioText(ratio(light))}, dark text (theme.light.text ${dark}) ${ratioText(ratio(dark))}`
  for (const scheme of ['light', 'dark'] as const) {
    const palette = content.theme[scheme]
    const buttons = buttonsOf(content.theme, scheme)
    if (buttons.fill === 'gradient' && gradientRatio(buttons.text, palette) < MIN_CONTRAST) {
      problems.push({
        file: 'site.yaml',
        key: 'theme.buttons',
        message: `the buttons' gradient from brand ${palette.brand} to accent ${palette.accent} has no text that reaches WCAG AA's ${MIN_CONTRAST}:1 end to end (lowest: ${texts((fg) => gradientRatio(fg, palette))}). Fix: set theme.buttons to solid or auto, or make both colours dark (white text) or both light (dark text)`,
      })
      continue // one problem for one cause: the texts on its ends are part of it
    }
    for (const colour of ['brand', 'accent'] as const) {
      const setting = colour === 'brand' ? 'onBrand' : 'onAccent'
      const choice = palette[setting] ?? 'auto'
      // The accent carries text only on a gradient, or where the founder chose a text for it.
      if (colour === 'accent' && buttons.fill === 'solid' && choice === 'auto') continue
      const text = colour === 'brand' ? onBrandOf(content.theme, scheme) : onAccentOf(content.theme, scheme)
      const bg = palette[colour]
      if (contrastRatio(text, bg) >= MIN_CONTRAST) continue
      const other = text === light ? 'dark' : 'light'
      const fix =
        choice === 'auto'
          ? `make theme.${scheme}.${colour} darker (for white text) or lighter (for dark text)`
          : contrastRatio(other === 'light' ? light : dark, bg) >= MIN_CONTRAST
            ? `set theme.${scheme}.${setting} to ${other} or auto`
            : `make theme.${scheme}.${colour} ${choice === 'light' ? 'darker' : 'lighter'} for ${choice} text`
      problems.push({
        file: 'site.yaml',
        key: `theme.${scheme}.${choice === 'auto' ? colour : setting}`,
        message: `the text on the ${colour} ${bg} (${setting}: ${choice}) is below WCAG AA's ${MIN_CONTRAST}:1: ${texts((fg) => contrastRatio(fg, bg))}. Fix: ${fix}`,
      })
    }
  }
  return problems
}

function checkScreens(content: Content, dir: string): Problem[] {
  const problems: Problem[] = []
  content.screens.forEach((screen, i) => {
    const key = `screens[${i}]`
    if (!existsSync(join(dir, 'screens', screen.file)))
      problems.push({ file: 'site.yaml', key: `${key}.file`, message: `content/screens/${screen.file} is missing` })
  })
  return problems
}

function checkTexts(content: Content): Problem[] {
  const problems: Problem[] = []
  for (const [locale, texts] of Object.entries(content.texts)) {
    const file = locale === content.locales[0] ? 'site.yaml' : `locales/${locale}.yaml`
    const { headline, headlineAccent } = texts.hero
    if (!headline.endsWith(headlineAccent))
      problems.push({
        file,
        key: 'texts.hero.headlineAccent',
        message: 'must be the closing words of texts.hero.headline',
      })
    if (content.legal.imprint && !texts.footer.imprint)
      problems.push({
        file,
        key: 'texts.footer.imprint',
        message: 'missing text (the imprint link, as legal.imprint is set)',
      })
    texts.hero.screens.forEach((screen, i) => {
      if (screen.alt.trim().toLowerCase() === screen.caption.trim().toLowerCase())
        problems.push({
          file,
          key: `texts.hero.screens[${i}].alt`,
          message: 'the alt text repeats the caption: describe what the screenshot shows',
        })
    })
    if (content.links.productDirectory && !texts.productDirectory)
      problems.push({
        file,
        key: 'texts.productDirectory',
        message: "missing texts (alt, eyebrow, name): the badge's words, as links.productDirectory is set",
      })
    const labelled = new Set(Object.keys(texts.social))
    for (const link of content.links.social)
      if (!labelled.has(link.id)) problems.push({ file, key: `texts.social.${link.id}`, message: 'missing text' })
  }
  return problems
}

/**
 * The schema holds each language to the same keys; lists it cannot compare across files are
 * compared here: each language has the default's feature cards (by id, in order) and as many
 * reassurance lines.
 */
function checkLanguages(content: Content): Problem[] {
  const problems: Problem[] = []
  const [first, ...others] = content.locales
  const base = content.texts[first!]
  if (!base) return problems
  const ids = base.features.cards.map((c) => c.id).join(', ')
  for (const locale of others) {
    const texts = content.texts[locale]
    if (!texts) continue
    const file = `locales/${locale}.yaml`
    texts.features.cards.forEach((card, i) => {
      if (card.icon)
        problems.push({
          file,
          key: `texts.features.cards[${i}].icon`,
          message: 'icons are chosen in site.yaml only, the same in every language: remove it here',
        })
    })
    const theirs = texts.features.cards.map((c) => c.id).join(', ')
    if (theirs !== ids)
      problems.push({
        file,
        key: 'texts.features.cards',
        message: `must be the cards ${ids}, as in site.yaml (not ${theirs})`,
      })
    if (texts.signup.reassurance.length !== base.signup.reassurance.length)
      problems.push({
        file,
        key: 'texts.signup.reassurance',
        message: `must have ${base.signup.reassurance.length} lines, as in site.yaml`,
      })
  }
  return problems
}

/**
 * The stores' texts each language needs for the stores as they stand: a live store's badge alt
 * text; with one store live and the other in beta, the sign-up's heading for the beta phone; with
 * both live, the sign-up section's heading and lead. Nothing while the app is in beta everywhere.
 */
function checkStoreTexts(content: Content): Problem[] {
  const problems: Problem[] = []
  const ios = Boolean(content.stores.appStore?.live)
  const android = Boolean(content.stores.googlePlay?.live)
  const needed: [keyof PageTexts['stores'], boolean, string][] = [
    ['appStoreAlt', ios, "the App Store badge's alt text, as stores.appStore.live is true"],
    ['googlePlayAlt', android, "the Google Play badge's alt text, as stores.googlePlay.live is true"],
    ['signupIosHeading', android && !ios, "the sign-up's heading while only the iPhone app is in beta"],
    ['signupAndroidHeading', ios && !android, "the sign-up's heading while only the Android app is in beta"],
    ['liveHeading', ios && android, "the sign-up section's heading once both stores are live"],
    ['liveIntro', ios && android, "the sign-up section's lead once both stores are live"],
  ]
  for (const [locale, texts] of Object.entries(content.texts)) {
    const file = locale === content.locales[0] ? 'site.yaml' : `locales/${locale}.yaml`
    for (const [key, need, why] of needed)
      if (need && !texts.stores[key])
        problems.push({ file, key: `texts.stores.${key}`, message: `missing text (${why})` })
  }
  return problems
}

export function checkContent(content: Content, dir: string): Problem[] {
  return [
    ...checkContrast(content),
    ...checkScreens(content, dir),
    ...checkTexts(content),
    ...checkLanguages(content),
    ...checkAppSiteAssociation(dir),
    ...checkAssetLinks(dir),
    ...checkStores(content.stores, dir),
    ...checkStoreTexts(content),
  ]
}
