/**
 * The shapes of the founder's content as the code reads it (docs/decisions/content.md). The data
 * is generated from `content/` into `generated/content.ts` (git-ignored) and read through
 * `content.ts`; the zod schema in `src/content/schema.ts` is typed against these shapes, so the
 * two cannot drift apart. Placeholders such as `{product}` are already filled in.
 */
import { fillIsolated } from './direction.ts'
import type { SubjectValue } from './subjects.ts'

export type Product = {
  name: string
  /** The home-screen icon's name (web manifest). */
  shortName: string
  /** The public origin, e.g. https://example.app (no trailing slash). */
  url: string
  /** schema.org applicationCategory. */
  category: string
}

/** The social networks a profile link can go to, each drawn with its own glyph (src/content/social-networks.ts). */
export const SOCIAL_IDS = [
  'x',
  'linkedin',
  'instagram',
  'tiktok',
  'youtube',
  'github',
  'discord',
  'mastodon',
  'bluesky',
  'threads',
] as const
export type SocialId = (typeof SOCIAL_IDS)[number]

/**
 * An icon as the pages inline it: its viewBox and its drawing (no <svg> root), read at build
 * from the icon library or the founder's file, so only the icons in use reach the page.
 */
export type SvgIcon = { viewBox: string; markup: string }

/** A profile link as the footer draws it: the network's glyph is resolved at build. */
type SocialLink = { id: SocialId; href: string; icon: SvgIcon }

export type Links = {
  social: readonly SocialLink[]
  /** The header's product-directory badge; absent, the header shows none. */
  productDirectory?: { href: string; width: 250; height: 54 }
}

/**
 * Where the app stands in each store (site.yaml's `stores`): in beta there (not `live`, or no
 * entry) or live, with its public listing. docs/decisions/stores-and-badges.md
 */
export type Stores = {
  appStore?: { url?: string; appId?: string; live: boolean }
  googlePlay?: { url?: string; live: boolean }
}
export type StoreId = keyof Stores

/**
 * Where the app stands, read from the content's `stores` (docs/decisions/stores-and-badges.md):
 * `beta` (no store live: the page as it always was), `half` (one store live, the sign-up kept for
 * the other phone), `live` (both: badges, no sign-up, no beta marks). Pure, so content:check and
 * the generator, which run before the content module exists, read the stage the page will show.
 */
export type StoreStage = 'beta' | 'half' | 'live'

export function storeStageOf(stores: Stores): StoreStage {
  const live = [stores.appStore?.live, stores.googlePlay?.live].filter(Boolean).length
  return live === 0 ? 'beta' : live === 1 ? 'half' : 'live'
}
/** A live store's badge as the page draws it: the built file's path and its drawing size. */
export type StoreBadge = { src: string; width: number; height: number }

/**
 * The avatars beside the features' community note, or none (`socialProof: false`): initials on
 * a two-colour gradient, each colour a theme colour (`brand`, `accent`: their tints) or a literal.
 */
export type SocialProof = { avatars: readonly { initials: string; colours: readonly [string, string] }[] }

/** The text on the brand or on the accent: chosen, or `auto`, the one that passes. */
type OnBrand = 'auto' | 'light' | 'dark'
/** The buttons' fill: a gradient from brand to accent, the brand alone, or `auto`: the gradient when one text reads end to end. */
type ButtonFill = 'auto' | 'gradient' | 'solid'

export const THEME_COLOURS = [
  'page',
  'surface',
  'text',
  'muted',
  'border',
  'brand',
  'accent',
  'danger',
  'link',
] as const
export type ThemeColour = (typeof THEME_COLOURS)[number]
export type ThemePalette = Record<ThemeColour, string> & { onBrand?: OnBrand; onAccent?: OnBrand }
export type Theme = { pageScheme: 'light' | 'dark'; buttons?: ButtonFill; light: ThemePalette; dark: ThemePalette }

export type LegalEntity = { company: string; address: string; contact: string; imprint?: string }

/**
 * The logo (content/brand/): an SVG's viewBox and drawing to inline, with `__ID__` left for each
 * use to fill, or a PNG the build copies small to `src`.
 */
export type BrandLogo = { kind: 'svg'; viewBox: string; markup: string } | { kind: 'png'; src: string }

/**
 * A phone screenshot of the hero: a file in content/screens/ (three, left to right). Its caption
 * and alt text are texts, per language (`hero.screens`, in the same order).
 */
export type Screenshot = { file: string }

/** A screenshot's words in one language: its caption, and what it shows for those who cannot see it. */
type ScreenshotTexts = { caption: string; alt: string }

/** The keys of each visitor email's texts (all plain strings; `{product}` and friends filled). */
export const EMAIL_TEXT_KEYS = {
  common: ['leaveIntro', 'leaveLink', 'joinIos', 'joinAndroid', 'feedbackIntro', 'feedbackLink', 'feedbackPlain'],
  welcome: [
    'subject',
    'preview',
    'intro',
    'nextHeading',
    'next',
    'phoneQuestion',
    'iphone',
    'android',
    'or',
    'free',
    'footer',
  ],
  confirmSignup: ['subject', 'preview', 'intro', 'button', 'fallback', 'footer', 'removeLink'],
  invitation: ['subject', 'heading', 'preview', 'introOne', 'introBoth', 'iosIntro', 'androidIntro', 'free', 'footer'],
  playQuestion: ['subject', 'preview', 'intro', 'joined', 'trouble', 'eachButton', 'leftIntro', 'leftLink', 'footer'],
  playReminder: ['subject', 'heading', 'preview', 'intro', 'help', 'footer'],
  testerMessage: ['footer', 'getApp'],
  // The owner's own emails, in the default language (docs/decisions/owner-email-texts.md).
  ownerSignIn: ['subject', 'preview', 'intro', 'link', 'ignore'],
  signupDigest: ['countOne', 'countOther', 'subject', 'heading', 'preview', 'body', 'openConsole'],
  contactOwner: ['subject', 'heading', 'from', 'fromLabel', 'receivedLabel', 'reply', 'openInbox', 'inboxLabel'],
  contactOwnerSummary: ['messages', 'feedback', 'both', 'waiting', 'subject', 'openInbox', 'note'],
  webhookPaused: ['subject', 'heading', 'body', 'openIntegrations'],
  emailCapacity: [
    'subject',
    'heading',
    'body',
    'bodyProvider',
    'drain',
    'whatToDo',
    'raisePlan',
    'optInOff',
    'holdBulk',
    'openLaunch',
  ],
  feedbackOwner: [
    'subject',
    'subjectWithBuild',
    'heading',
    'from',
    'fromLabel',
    'receivedLabel',
    'buildLabel',
    'phoneLabel',
    'notGiven',
    'phoneIos',
    'phoneAndroid',
    'phoneUnknown',
    'works',
    'broken',
    'nothingWritten',
    'reply',
    'openFeedback',
    'feedbackLabel',
  ],
  testflightState: ['subjectFull', 'subjectClosed', 'subjectOpen', 'full', 'closed', 'open', 'openConsole'],
} as const

/** Groups of plain texts, as named by a table of keys such as EMAIL_TEXT_KEYS. */
export type KeyedTexts<T extends Record<string, readonly string[]>> = { [G in keyof T]: Record<T[G][number], string> }

type EmailTexts = KeyedTexts<typeof EMAIL_TEXT_KEYS>

/** The server pages' texts (leave the beta, confirm, the phone choice). */
export const SERVER_PAGE_TEXT_KEYS = [
  'backHome',
  'leaveTitle',
  'leaveHeading',
  'leaveBody',
  'leaveButton',
  'leaveNoScript',
  'leftTitle',
  'leftHeading',
  'leftBody',
  'leftChangedMind',
  'leftContactLink',
  'leftRejoin',
  'linkNotValidTitle',
  'linkNotValidHeading',
  'unsubscribeNotValid',
  'betaLinkNotValid',
  'confirmTitle',
  'confirmHeading',
  'confirmBody',
  'confirmButton',
  'confirmedTitle',
  'confirmedHeading',
  'confirmedBody',
  'tooManyTitle',
  'tooManyHeading',
  'tooManyBody',
  'unavailableTitle',
  'unavailableHeading',
  'unavailableBody',
  'seconds',
  'minutes',
  'phoneIos',
  'phoneAndroid',
  'phoneNameIos',
  'phoneNameAndroid',
  'phoneTitle',
  'phoneHeading',
  'phoneBody',
  'phoneButton',
  'phoneThanksTitle',
  'phoneThanksHeading',
  'phoneThanksBody',
  'feedbackTitle',
  'feedbackHeading',
  'feedbackIntro',
  'feedbackErrorsTitle',
  'feedbackEmail',
  'feedbackRating',
  'feedbackRatingHint',
  'feedbackRating1',
  'feedbackRating3',
  'feedbackRating5',
  'feedbackWorks',
  'feedbackBroken',
  'feedbackPhone',
  'optional',
  'feedbackOsVersion',
  'feedbackOsVersionHint',
  'feedbackBuild',
  'feedbackSend',
  'feedbackThanksTitle',
  'feedbackThanksHeading',
  'feedbackThanksBody',
  'feedbackNotValidHeading',
  'feedbackNotValidBody',
  'feedbackWithEmail',
  'playGoogleAccount',
  'playGoogleAccountHint',
  'playJoinedTitle',
  'playJoinedLead',
  'playJoinedButton',
  'playTroubleLead',
  'playTroubleButton',
  'playTroubleDetails',
  'playTroubleTooLong',
  'playLeftTitle',
  'playLeftLead',
  'playLeftButton',
  'playJoinedThanksHeading',
  'playJoinedThanksBody',
  'playJoinedThanksLeaveLater',
  'playJoinedThanksLeaveLink',
  'playTroubleThanksHeading',
  'playTroubleThanksBody',
  'playLeftThanksHeading',
  'playLeftThanksBody',
  'feedbackRatingInvalid',
  'feedbackPlatformInvalid',
  'feedbackEmailInvalid',
  'feedbackTooLong',
  'feedbackBadCharacter',
  'feedbackUnreadable',
  'playGoogleAccountInvalid',
] as const
export type ServerPageTexts = Record<(typeof SERVER_PAGE_TEXT_KEYS)[number], string>

/**
 * The names a text may hold to be filled when it is shown (a page's phone, a wait), as
 * `{name}`; the generator leaves these and fills the content's own ({product}...).
 */
export const RUNTIME_PLACEHOLDERS = [
  'phone',
  'phoneName',
  'wait',
  'count',
  'field',
  // The owner's emails: who wrote, when, about what, and how many.
  'name',
  'email',
  'time',
  'topic',
  'rating',
  'build',
  'day',
  'total',
  'minutes',
  'signups',
  'messages',
  'feedback',
  'what',
  'summary',
  // A webhook endpoint the sender paused (issue 41).
  'endpoint',
  'since',
  'reason',
  // The email queue against the day's quota (issue 52).
  'waiting',
  'remaining',
  'limit',
] as const

/**
 * Fills a text's runtime placeholders: `fill('Yes, I use {phone}', { phone: 'an iPhone' })`; a value
 * of the other direction than the text's is isolated (src/shared/direction.ts).
 */
export function fill(text: string, values: Partial<Record<(typeof RUNTIME_PLACEHOLDERS)[number], string>>): string {
  return fillIsolated(text, (name) => values[name as keyof typeof values], /\{(\w+)\}/g)
}

/**
 * A count's words in a language, by Intl.PluralRules: `one` where the language's rules say
 * "one" for n, else `other` (two forms are all the content holds; docs/decisions/owner-email-texts.md).
 */
export function pluralText(
  locale: string,
  n: number,
  forms: { one: string; other: string },
  written = String(n),
): string {
  return fill(new Intl.PluralRules(locale).select(n) === 'one' ? forms.one : forms.other, { count: written })
}

export const STARTING_TEXT_IDS = ['nudge', 'new-build', 'live'] as const
export type StartingTextId = (typeof STARTING_TEXT_IDS)[number]

/** Every text of the page, its emails and its server pages in one language, by where it shows. */
export type PageTexts = {
  site: { title: string; description: string; shareImageAlt: string }
  header: {
    betaBadge: string
    cta: string
    /** The home link's name in beta: its visible text (name and badge) first, then what it does. */
    homeLabel: string
    /** Its name once both stores are live, when the header shows no badge. */
    liveHomeLabel: string
    /** The header's button once both stores are live: it leads to the badges, not to a beta. */
    liveCta: string
  }
  /** The product-directory badge's words; needed when links.productDirectory is set. */
  productDirectory?: { alt: string; eyebrow: string; name: string }
  hero: {
    eyebrow: string
    headline: string
    headlineAccent: string
    subline: string
    cta: string
    note: string
    screensLabel: string
    /** One per screenshot of `screens`, in the same order. */
    screens: readonly ScreenshotTexts[]
  }
  features: {
    eyebrow: string
    heading: string
    intro: string
    /** `icon` is chosen in site.yaml (the default language's) only; generated as FEATURE_ICONS. */
    cards: readonly { id: string; icon?: string; title: string; body: string }[]
    communityNote: string
  }
  signup: {
    eyebrow: string
    heading: string
    intro: string
    emailLabel: string
    emailPlaceholder: string
    submit: string
    submitting: string
    reassurance: readonly string[]
    noScript: string
    successTitle: string
    successLead: string
    errorGeneric: string
    errorEmail: string
  }
  contact: {
    title: string
    intro: string
    nameLabel: string
    emailLabel: string
    subjectLabel: string
    subjectPlaceholder: string
    messageLabel: string
    submit: string
    sending: string
    successTitle: string
    successBody: string
    errorTitle: string
    errorFallback: string
    noScript: string
    /** The subject options' labels, by the value stored (src/shared/subjects.ts). */
    subjects: Record<SubjectValue, string>
  }
  footer: {
    betaBadge: string
    betaYear: string
    tagline: string
    copyright: string
    contact: string
    privacy: string
    terms: string
    close: string
    /** The accessible name of the footer's list of the page's languages. */
    languages: string
    /** Before a legal text's date: "Effective date:". */
    effectiveDate: string
    /** The imprint's link and title; needed when legal.imprint is set. */
    imprint?: string
  }
  /** Each profile link's accessible name, by its network (links.social). */
  social: Partial<Record<SocialId, string>>
  emails: EmailTexts
  pages: ServerPageTexts
  /** The console's starting texts for a message to testers. */
  testerMessages: Record<StartingTextId, { label: string; subject: string; body: string }>
  /**
   * The stores' texts: each is needed only once a store is live (content:check says which), so a
   * page in beta needs none of them.
   */
  stores: StoreTexts
}

type StoreTexts = {
  /** The App Store badge's alt text (its link's name), e.g. "Download on the App Store". */
  appStoreAlt?: string
  /** The Google Play badge's alt text, e.g. "Get it on Google Play". */
  googlePlayAlt?: string
  /** The footer's line under a Play badge; Google's own English line when not set. */
  playAttribution?: string
  /** The sign-up's heading while the iPhone app is in beta and Android is live. */
  signupIosHeading?: string
  /** The sign-up's heading while the Android app is in beta and the iPhone one is live. */
  signupAndroidHeading?: string
  /** The sign-up section's heading and lead once both stores are live (the form is gone). */
  liveHeading?: string
  liveIntro?: string
}

/** Google's attribution line, from its badge guidelines, when the content sets none. */
export const DEFAULT_PLAY_ATTRIBUTION = 'Google Play and the Google Play logo are trademarks of Google LLC.'

export type TextGroup = keyof PageTexts

/**
 * The texts the page's islands show, picked out of their groups: each language's set is a
 * module of its own (generated/island-texts-<lang>.ts) that the browser loads with the first
 * island it hydrates, so a page's scripts carry its own language's strings and no other's
 * (docs/decisions/languages.md).
 */
export const ISLAND_PICKS = {
  headerCta: ['header', ['cta']],
  heroCta: ['hero', ['cta']],
  signupForm: [
    'signup',
    [
      'emailLabel',
      'emailPlaceholder',
      'submit',
      'submitting',
      'noScript',
      'successTitle',
      'successLead',
      'errorGeneric',
      'errorEmail',
    ],
  ],
  footerDialogs: ['footer', ['contact', 'privacy', 'terms', 'close', 'effectiveDate']],
} as const satisfies Record<string, readonly [TextGroup, readonly string[]]>

type Picks = typeof ISLAND_PICKS
/**
 * What the footer's island knows of a legal text before its words are loaded: the dialog's title
 * and the page that holds the text (/privacy, /de/terms), which the footer links to.
 */
export type LegalLink = { title: string; href: string }
/**
 * One language's island texts: the picks above, the contact form's group, the page's language and
 * the legal texts' titles and pages. The legal texts themselves are a chunk of their own
 * (`loadLegalTexts`), fetched when the footer's island needs them, so neither the document nor
 * the first island's texts carry them (docs/decisions/document-budget.md).
 */
export type IslandTexts = {
  [K in keyof Picks]: Pick<PageTexts[Picks[K][0]], Picks[K][1][number] & keyof PageTexts[Picks[K][0]]>
} & { contact: PageTexts['contact']; locale: string; legal: Record<LegalDocumentId, LegalLink> }

/** A run of a legal text: plain, emphasised, or a link (an in-page dialog such as `#terms`, or a URL). */
export type LegalRun = string | { text: string; emphasis: 'em' | 'strong' } | { text: string; href: string }
/** A paragraph (plain text, or runs), or a bulleted list of them. */
export type LegalParagraph = string | readonly LegalRun[]
export type LegalBlock = LegalParagraph | { list: readonly LegalParagraph[] }
type LegalSection = { heading: string; paragraphs: readonly LegalBlock[] }
export type LegalDocumentId = 'privacy' | 'terms'
export type LegalDocument = {
  id: LegalDocumentId
  title: string
  /** ISO date, shown as `effectiveDateLabel` inside <time dateTime>. */
  effectiveDate: string
  effectiveDateLabel: string
  /** What comes before the first heading. */
  summary: LegalParagraph
  sections: readonly LegalSection[]
}
export type LegalTexts = Record<LegalDocumentId, LegalDocument>
