import { useState } from 'react'
import { MESSAGE_LIMITS, startingTexts, type Audience, type StartingText } from '../../../shared/tester-messages.ts'
import { testerMessagesApi } from './tester-messages-api.ts'
import { plural } from '../../format.ts'

// The console speaks the page's default language (the owner's side is not translated).
const STARTING_TEXTS = startingTexts()

// The Messages view's form. A message gets one request id while its words and group stay
// the same: a second click, or a retry after a lost answer, names the message already sent, and
// the server queues nothing twice. Any change makes it a new message with a new id.

const newId = () => crypto.randomUUID()

export function useMessageComposer(props: { onError: (err: unknown) => void; onSent: () => void }) {
  const [draft, setDraftState] = useState(() => ({
    audience: 'invited-not-opened' as Audience,
    subject: '',
    body: '',
    storeLinks: false,
    requestId: newId(),
  }))
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const edit = (change: Partial<Omit<typeof draft, 'requestId'>>) => {
    setDraftState((d) => ({ ...d, ...change, requestId: newId() }))
    setDone(null)
  }

  const start = (text: StartingText) =>
    edit({ audience: text.audience, subject: text.subject, body: text.body, storeLinks: text.storeLinks })

  /** Checks the words before the confirmation opens; null when they are fine. */
  function problem(): string | null {
    if (!draft.subject.trim()) return 'Write a subject.'
    if (/[\r\n]/.test(draft.subject)) return 'The subject must be one line of text.'
    if (draft.subject.trim().length > MESSAGE_LIMITS.subject)
      return `The subject must be at most ${MESSAGE_LIMITS.subject} characters.`
    if (!draft.body.trim()) return 'Write the message.'
    if (draft.body.trim().length > MESSAGE_LIMITS.body)
      return `The message must be at most ${MESSAGE_LIMITS.body} characters.`
    return null
  }

  function review() {
    const p = problem()
    setError(p)
    setDone(null)
    if (!p) setConfirming(true)
  }

  async function send() {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const r = await testerMessagesApi.send({
        requestId: draft.requestId,
        audience: draft.audience,
        subject: draft.subject.trim(),
        body: draft.body.trim(),
        storeLinks: draft.storeLinks,
      })
      setDone(
        r.created
          ? `Message queued for ${plural(r.recipients, 'person', 'people')}. It goes out a few at a time.`
          : `This message was already sent (to ${plural(r.recipients, 'person', 'people')}); nothing was queued twice.`,
      )
      setConfirming(false)
      props.onSent()
    } catch (err) {
      setError((err as Error).message)
      setConfirming(false)
      props.onError(err)
    } finally {
      setBusy(false)
    }
  }

  return {
    draft,
    edit,
    start,
    review,
    send,
    confirming,
    setConfirming,
    busy,
    error,
    done,
    startingTexts: STARTING_TEXTS,
  }
}
