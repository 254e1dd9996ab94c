import { useState } from 'react'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/content.ts'
import type { MessageTranslations } from '../../../shared/tester-messages-contract.ts'
import {
  languageName,
  MESSAGE_LIMITS,
  startingTexts,
  TRANSLATED_LOCALES,
  type Audience,
  type StartingText,
} from '../../../shared/tester-messages.ts'
import { useSend } from '../../queries.ts'
import { plural } from '../../format.ts'

// The console speaks the page's default language (the owner's side is not translated); the
// starting texts come in every language, for a message with a text per language.
const STARTING_TEXTS = startingTexts(DEFAULT_LOCALE)
const STARTING_BY_LOCALE = Object.fromEntries(LOCALES.map((l) => [l, startingTexts(l)])) as Record<
  Locale,
  readonly StartingText[]
>

/** Whether the site has more than one language, and a message may have a text per language. */
export const MANY_LANGUAGES = TRANSLATED_LOCALES.length > 0

// The Messages view's form. A message gets one request id while its words and group stay
// the same: a second click, or a retry after a lost answer, names the message already sent, and
// the server queues nothing twice. Any change makes it a new message with a new id.
// With a text per language, each person gets the one in their sign-up's language
// (docs/decisions/tester-messages-per-language.md).

const newId = () => crypto.randomUUID()

export type MessageText = { subject: string; body: string }

const emptyTexts = () =>
  Object.fromEntries(LOCALES.map((l) => [l, { subject: '', body: '' }])) as Record<Locale, MessageText>

export function useMessageComposer() {
  const [draft, setDraftState] = useState(() => ({
    audience: 'invited-not-opened' as Audience,
    /** A text per language (every language's), or one text for everyone (the default language's fields). */
    perLanguage: MANY_LANGUAGES,
    texts: emptyTexts(),
    storeLinks: false,
    appLink: false,
    requestId: newId(),
  }))
  const [confirming, setConfirming] = useState(false)
  // What the words lack, found before anything is sent.
  const [invalid, setInvalid] = useState<string | null>(null)
  const sending = useSend('sendTesterMessage', {
    invalidates: ['testerMessages'],
    onSuccess: () => setConfirming(false),
  })
  const r = sending.data
  const done = r
    ? r.created
      ? `Message queued for ${plural(r.recipients, 'person', 'people')}. It goes out a few at a time.`
      : `This message was already sent (to ${plural(r.recipients, 'person', 'people')}); nothing was queued twice.`
    : null
  const error = invalid ?? sending.error?.message ?? null

  const edit = (change: Partial<Omit<typeof draft, 'requestId'>>) => {
    setDraftState((d) => ({ ...d, ...change, requestId: newId() }))
    sending.reset()
  }

  const editText = (locale: Locale, change: Partial<MessageText>) => {
    setDraftState((d) => ({
      ...d,
      texts: { ...d.texts, [locale]: { ...d.texts[locale], ...change } },
      requestId: newId(),
    }))
    sending.reset()
  }

  const start = (text: StartingText) =>
    edit({
      audience: text.audience,
      storeLinks: text.storeLinks,
      appLink: text.appLink,
      texts: Object.fromEntries(
        LOCALES.map((l) => {
          const own = STARTING_BY_LOCALE[l].find((t) => t.id === text.id) ?? text
          return [l, { subject: own.subject, body: own.body }]
        }),
      ) as Record<Locale, MessageText>,
    })

  /** The languages whose fields the form shows and sends: every one, or the default's alone. */
  const locales: readonly Locale[] = draft.perLanguage ? LOCALES : [DEFAULT_LOCALE]

  /** Checks the words before the confirmation opens; null when they are fine. */
  function problem(): string | null {
    for (const l of locales) {
      const where = draft.perLanguage ? ` in ${languageName(l)}` : ''
      const { subject, body } = draft.texts[l]
      if (!subject.trim()) return draft.perLanguage ? `Write the subject${where}.` : 'Write a subject.'
      if (/[\r\n]/.test(subject)) return `The subject${where} must be one line of text.`
      if (subject.trim().length > MESSAGE_LIMITS.subject)
        return `The subject${where} must be at most ${MESSAGE_LIMITS.subject} characters.`
      if (!body.trim()) return `Write the message${where}.`
      if (body.trim().length > MESSAGE_LIMITS.body)
        return `The message${where} must be at most ${MESSAGE_LIMITS.body} characters.`
    }
    return null
  }

  function review() {
    const p = problem()
    setInvalid(p)
    sending.reset()
    if (!p) setConfirming(true)
  }

  const trimmed = (l: Locale) => ({ subject: draft.texts[l].subject.trim(), body: draft.texts[l].body.trim() })

  function send() {
    if (sending.isPending) return
    const translations: MessageTranslations = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, trimmed(l)]))
    sending.mutate(
      {
        requestId: draft.requestId,
        audience: draft.audience,
        ...trimmed(DEFAULT_LOCALE),
        ...(draft.perLanguage && MANY_LANGUAGES ? { translations } : {}),
        storeLinks: draft.storeLinks,
        appLink: draft.appLink,
      },
      { onError: () => setConfirming(false) },
    )
  }

  return {
    draft,
    locales,
    edit,
    editText,
    start,
    review,
    send,
    confirming,
    setConfirming,
    busy: sending.isPending,
    error,
    done,
    startingTexts: STARTING_TEXTS,
  }
}
