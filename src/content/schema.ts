import { z } from 'zod'
import {
  EMAIL_TEXT_KEYS,
  SERVER_PAGE_TEXT_KEYS,
  SOCIAL_IDS,
  THEME_COLOURS,
  type KeyedTexts,
  type LegalEntity,
  type Links,
  type PageTexts,
  type Product,
  type Screenshot,
  type Stores,
  type ServerPageTexts,
  type SocialProof,
  type Theme,
  type ThemePalette,
} from '../shared/content-types.ts'
import { SUBJECT_VALUES, type SubjectValue } from '../shared/subjects.ts'

// The schema of content/site.yaml. Each part is typed against the shapes the code reads
// (src/shared/content-types.ts), so a field the code expects cannot be missing here. The JSON
// Schema editors use (content/site.schema.json) is generated from this one (npm run content:build).

const text = z
  .string({ error: (issue) => (issue.input === undefined ? 'missing text' : 'must be text') })
  .trim()
  .min(1, 'missing text')

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, such as https://example.app' })

/** A link that may stay a placeholder ("#") until the profile exists. */
const linkOrPlaceholder = z.union([z.literal('#'), httpUrl], { error: 'must be an http(s) URL or "#"' })

const colour = z
  .string({ error: 'missing colour' })
  .regex(
    /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s+\d{1,3}\s+\d{1,3}\s*(\/\s*(0|1|0?\.\d+)\s*)?\))$/i,
    'must be a colour as #rrggbb, #rgb or rgb(r g b / alpha)',
  )

const product: z.ZodType<Product> = z.strictObject({
  name: text,
  shortName: text.max(12, 'at most 12 characters, so it fits under a home-screen icon'),
  url: httpUrl.transform((u) => new URL(u).origin),
  category: text,
})

/** Links as site.yaml holds them: a profile's glyph is added at load (src/content/social-networks.ts). */
type LinksInput = Omit<Links, 'social'> & { social: readonly { id: (typeof SOCIAL_IDS)[number]; href: string }[] }

const links: z.ZodType<LinksInput> = z.strictObject({
  social: z
    .array(
      z.strictObject({
        id: z.enum(SOCIAL_IDS, { error: `must be one of ${SOCIAL_IDS.join(', ')}` }),
        href: linkOrPlaceholder,
      }),
    )
    .describe(
      'Your profiles, in the order the footer shows them; each network is drawn with its own glyph, and its accessible name is texts.social.<id>.',
    ),
  productDirectory: z
    .strictObject({ href: httpUrl })
    .transform((d) => ({ ...d, width: 250 as const, height: 54 as const }))
    .optional()
    .describe("The header's product-directory badge: your product's page there. Leave it out for no badge."),
})

// A store's entry: `live` once the app is out there (false, or no entry: still in beta). What a
// live store needs besides (its url, its badge file, the App Store's app id) and whether the url
// is the store's is content:check's (checkStores), so every problem is listed at once.
const live = z.boolean({ error: 'must be true or false' }).default(false)
const stores: z.ZodType<Stores, unknown> = z.strictObject({
  appStore: z
    .strictObject({
      url: httpUrl.optional(),
      appId: z
        .string({ error: 'must be text, in quotes: "123456789"' })
        .regex(/^\d{1,12}$/, 'must be the digits of the App Store id (the number after "id" in its url)')
        .optional(),
      live,
    })
    .optional(),
  googlePlay: z.strictObject({ url: httpUrl.optional(), live }).optional(),
})

const onColour = (colour: 'brand' | 'accent') =>
  z
    .enum(['auto', 'light', 'dark'], { error: 'must be auto, light or dark' })
    .optional()
    .describe(
      `The text on the ${colour}: light (white), dark (theme.light.text), or auto (the default): the one that reaches 4.5:1 (white first). A light ${colour} (yellow, lime, mint, white) takes dark.`,
    )

const palette: z.ZodType<ThemePalette> = z.strictObject({
  ...(Object.fromEntries(THEME_COLOURS.map((name) => [name, colour])) as Record<
    Exclude<keyof ThemePalette, 'onBrand' | 'onAccent'>,
    typeof colour
  >),
  onBrand: onColour('brand'),
  onAccent: onColour('accent'),
})

/** An avatar's colour: a theme colour's tint (`brand`, `accent`) or a literal. */
const avatarColour = z.union([z.enum(['brand', 'accent']), colour], {
  error: 'must be brand, accent, or a colour as #rrggbb',
})

const socialProof: z.ZodType<SocialProof | false> = z
  .union([
    z.literal(false),
    z.strictObject({
      avatars: z
        .array(
          z.strictObject({
            initials: z
              .string({ error: 'missing initials' })
              .trim()
              .regex(/^\p{L}{1,2}$/u, 'one or two letters'),
            colours: z.tuple([avatarColour, avatarColour], { error: 'two colours, the gradient from and to' }),
          }),
        )
        .min(1, 'at least one avatar, or socialProof: false')
        .max(6, 'at most six avatars'),
    }),
  ])
  .describe(
    "The avatars beside the features' community note: initials on a gradient of two colours (brand, accent or #rrggbb). false or absent: no avatars.",
  )

const theme: z.ZodType<Theme> = z.strictObject({
  pageScheme: z.enum(['light', 'dark']),
  buttons: z
    .enum(['auto', 'gradient', 'solid'], { error: 'must be auto, gradient or solid' })
    .optional()
    .describe(
      'The buttons: a gradient from brand to accent, the brand alone (solid), or auto (the default): the gradient when one text reads on it end to end, else solid.',
    ),
  light: palette,
  dark: palette,
})

const legal: z.ZodType<LegalEntity> = z.strictObject({
  company: text,
  address: text,
  contact: z.email({ error: 'must be an email address' }),
  imprint: text.optional(),
})

const screenshot: z.ZodType<Screenshot> = z.strictObject({
  file: z.string().regex(/^[\w.-]+\.(png|jpe?g|webp)$/i, 'must be a file name in content/screens/ (PNG, JPEG or WebP)'),
})

const locale = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language code such as en, de-AT or ar-JO')

/** The digits a language's dates and numbers are written in, when not its own (Intl's numbering systems). */
const numbers = z
  .string()
  .refine((n) => (Intl.supportedValuesOf('numberingSystem') as string[]).includes(n), {
    error: 'must be a numbering system such as latn (0-9) or arab (٠-٩)',
  })
  .optional()
  .describe(
    "The digits of this language's dates and numbers (legal pages, emails), e.g. latn for 0-9 where the locale writes others (ar-JO writes ٠-٩). Absent: the locale's own.",
  )

const startingText = z.strictObject({ label: text, subject: text, body: text })

/** A strict object of texts with these keys. */
const textGroup = (keys: readonly string[]) => z.strictObject(Object.fromEntries(keys.map((k) => [k, text])))

/** A strict object of texts per group, from a table of keys (EMAIL_TEXT_KEYS...). */
function keyedTexts<T extends Record<string, readonly string[]>>(table: T): z.ZodType<KeyedTexts<T>> {
  return z.strictObject(Object.fromEntries(Object.entries(table).map(([g, keys]) => [g, textGroup(keys)]))) as never
}

/** The texts of one language: site.yaml's `texts`, or a content/locales/<lang>.yaml file's. */
const pageTexts: z.ZodType<PageTexts> = z.strictObject({
  site: z.strictObject({ title: text, description: text, shareImageAlt: text }),
  header: z.strictObject({ betaBadge: text, cta: text, homeLabel: text, liveHomeLabel: text, liveCta: text }),
  productDirectory: z.strictObject({ alt: text, eyebrow: text, name: text }).optional(),
  hero: z.strictObject({
    eyebrow: text,
    headline: text,
    headlineAccent: text,
    subline: text,
    cta: text,
    note: text,
    screensLabel: text,
    screens: z
      .array(z.strictObject({ caption: text, alt: text }))
      .length(3, 'one caption and alt text for each of the three screenshots, in their order'),
  }),
  features: z.strictObject({
    eyebrow: text,
    heading: text,
    intro: text,
    cards: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z0-9-]+$/),
          icon: z
            .string()
            .trim()
            .min(1)
            .optional()
            .describe(
              'In site.yaml: a Lucide icon by name (https://lucide.dev/icons, e.g. wallet), or your own SVG in content/, e.g. ./brand/icons/wallet.svg.',
            ),
          title: text,
          body: text,
        }),
      )
      .min(1)
      .max(6, 'at most six cards: more make a row with one card'),
    communityNote: text,
  }),
  signup: z.strictObject({
    eyebrow: text,
    heading: text,
    intro: text,
    emailLabel: text,
    emailPlaceholder: text,
    submit: text,
    submitting: text,
    reassurance: z.array(text).min(1),
    noScript: text,
    successTitle: text,
    successLead: text,
    errorGeneric: text,
    errorEmail: text,
  }),
  contact: z.strictObject({
    title: text,
    intro: text,
    nameLabel: text,
    emailLabel: text,
    subjectLabel: text,
    subjectPlaceholder: text,
    messageLabel: text,
    submit: text,
    sending: text,
    successTitle: text,
    successBody: text,
    errorTitle: text,
    errorFallback: text,
    noScript: text,
    subjects: z.strictObject(
      Object.fromEntries(SUBJECT_VALUES.map((v) => [v, text])) as Record<SubjectValue, typeof text>,
    ),
  }),
  footer: z.strictObject({
    betaBadge: text,
    betaYear: text,
    tagline: text,
    copyright: text,
    contact: text,
    privacy: text,
    terms: text,
    close: text,
    languages: text,
    effectiveDate: text,
    imprint: text.optional(),
  }),
  social: z.strictObject(Object.fromEntries(SOCIAL_IDS.map((id) => [id, text.optional()]))),
  emails: keyedTexts(EMAIL_TEXT_KEYS),
  pages: textGroup(SERVER_PAGE_TEXT_KEYS) as unknown as z.ZodType<ServerPageTexts>,
  testerMessages: z.strictObject({ nudge: startingText, 'new-build': startingText, live: startingText }),
  stores: z
    .strictObject({
      appStoreAlt: text.optional(),
      googlePlayAlt: text.optional(),
      playAttribution: text.optional(),
      signupIosHeading: text.optional(),
      signupAndroidHeading: text.optional(),
      liveHeading: text.optional(),
      liveIntro: text.optional(),
    })
    .default({}),
})

/** content/site.yaml. */
export const siteFile = z.strictObject({
  product,
  links,
  stores: stores.default({}),
  theme,
  socialProof: socialProof.optional(),
  legal,
  locales: z.array(locale).min(1, 'name at least one language'),
  // A language's direction comes from its script (src/shared/direction.ts); this overrides it.
  directions: z
    .record(locale, z.enum(['ltr', 'rtl']))
    .optional()
    .describe('Which way a language is written, by language (e.g. ar: rtl), where its script does not say.'),
  /** The default language's digits (a further language's: its own file's `numbers`). */
  numbers,
  // The hero has three places: left, front (in the middle), right.
  screens: z.array(screenshot).length(3, 'the hero shows exactly three screenshots: left, front, right'),
  texts: pageTexts,
})
export type SiteFile = z.output<typeof siteFile>

/** content/locales/<lang>.yaml: a further language's texts. */
export const localeFile = z.strictObject({
  // This language's imprint (site.yaml's legal.imprint in the default language); without it the
  // default's text stands under this language's heading.
  legal: z.strictObject({ imprint: text }).optional(),
  // The product's name in this language (an Arabic name on the Arabic page, a Latin one on the
  // English page); without it, site.yaml's product.name.
  product: z.strictObject({ name: text }).optional(),
  numbers,
  texts: pageTexts,
})

/** The JSON Schema for editors (the `yaml-language-server` line at the top of site.yaml). */
export function siteJsonSchema(): Record<string, unknown> {
  return textsOptional(z.toJSONSchema(siteFile, { io: 'input', unrepresentable: 'any' }))
}

/** The same for content/locales/<lang>.yaml (content/locale.schema.json). */
export function localeJsonSchema(): Record<string, unknown> {
  return textsOptional(z.toJSONSchema(localeFile, { io: 'input', unrepresentable: 'any' }))
}

/**
 * A founder's file may leave out any text the project ships a default for (src/content/defaults/),
 * so the editors' schema requires none under `texts`; the check still names what is missing.
 */
function textsOptional(schema: Record<string, unknown>): Record<string, unknown> {
  const drop = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    delete (node as { required?: unknown }).required
    for (const child of Object.values(node)) drop(child)
  }
  drop((schema.properties as Record<string, unknown> | undefined)?.texts)
  return schema
}
