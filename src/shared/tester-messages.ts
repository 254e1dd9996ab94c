import { DEFAULT_LOCALE, LOCALES, TESTER_MESSAGE_TEXTS, type Locale } from './content.ts'
import { STARTING_TEXT_IDS, type StartingTextId } from './content-types.ts'

// The words for the owner's messages to testers, shared by the console (no zod here: the
// console imports this file) and the server. docs/decisions/tester-messages-and-feedback.md

/** Who a message goes to. Everyone the list may be sent to: confirmed, and not suppressed. */
export const AUDIENCES = ['invited-not-opened', 'opened', 'waiting', 'ios', 'android', 'unknown', 'everyone'] as const
export type Audience = (typeof AUDIENCES)[number]

export const AUDIENCE_LABELS: Record<Audience, string> = {
  'invited-not-opened': 'Invited, not opened yet',
  opened: 'Opened their invitation',
  waiting: 'Waiting for an invitation',
  ios: 'On iPhone',
  android: 'On Android',
  unknown: 'Phone not chosen',
  everyone: 'Everyone on the list',
}

export const MESSAGE_LIMITS = { subject: 150, body: 10_000 } as const

/**
 * The languages a message may have a text of its own in, besides the default one (its `subject`
 * and `body`): every other language of the site. A message to testers is either one text for
 * everyone or a text per language, every language's. docs/decisions/tester-messages-per-language.md
 */
export const TRANSLATED_LOCALES: readonly Locale[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE)

/** A language's name in the console's words (English, as the console's other words). */
export function languageName(locale: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale
}

export type StartingText = {
  id: StartingTextId
  label: string
  audience: Audience
  subject: string
  body: string
  /** Whether each email carries the person's own store link (the invitation's). */
  storeLinks: boolean
  /** Whether each email carries the person's own /app link (the live store for their phone). */
  appLink: boolean
}

/** Who each starting text goes to, and whether it carries store links; its words are content. */
const STARTING_TEXT_SETTINGS: Record<StartingTextId, { audience: Audience; storeLinks: boolean; appLink: boolean }> = {
  nudge: { audience: 'invited-not-opened', storeLinks: true, appLink: false },
  'new-build': { audience: 'opened', storeLinks: false, appLink: false },
  live: { audience: 'everyone', storeLinks: false, appLink: true },
}

/** The three starting texts the Messages view offers, in the owner's language; each is only a start, and editable. */
export function startingTexts(locale: Locale = DEFAULT_LOCALE): readonly StartingText[] {
  return STARTING_TEXT_IDS.map((id) => ({ id, ...STARTING_TEXT_SETTINGS[id], ...TESTER_MESSAGE_TEXTS[locale][id] }))
}
