import { z } from 'zod'
import { defineKind } from './define-kind.ts'
import { envelope, oneClickUnsubscribe, unsubscribeUrl } from './envelope.ts'
import { paths } from '../shared/paths.ts'
import { localeOr } from '../shared/locales.ts'

/**
 * "Did you join the test?": once per sign-up (key: its id), queued when the Android
 * invitation link is first followed, due a day later (PLAY_ASK_DELAY_MS). Its buttons lead to
 * /beta/play pages that record the answer by POST, with the tester's answer token (payload).
 * Cancelled once the address has left the list (suppressed or erased) or no longer has an Android
 * invitation.
 */
export const playQuestion = defineKind({
  kind: 'play-question',
  payload: z.object({ answerToken: z.uuid() }),
  dedupeKey: (signupId: string) => signupId,
  example: { key: '42', payload: { answerToken: '7d1c3f5e-8b7a-4c2d-9e1f-0a1b2c3d4e5f' } },
  async build(email, payload, settings) {
    const signup = email.signup
    if (email.unsubscribeToken === null || signup === null) return { cancel: 'address no longer on the beta list' }
    if (signup.invitationLinks !== 'android' && signup.invitationLinks !== 'both')
      return { cancel: 'no Android invitation' }
    const leave = unsubscribeUrl(settings, email.unsubscribeToken)
    const answer = (a: 'joined' | 'trouble' | 'left') =>
      `${settings.PUBLIC_URL}${paths.playAnswer.href(a, payload.answerToken)}`
    const { renderPlayQuestionEmail } = await import('./play-question.tsx')
    const rendered = await renderPlayQuestionEmail({
      // The language of the page they signed up on (docs/decisions/languages.md).
      locale: localeOr(email.signup?.locale),
      joinedUrl: answer('joined'),
      troubleUrl: answer('trouble'),
      leftUrl: answer('left'),
      unsubscribeUrl: leave,
      siteUrl: `${settings.PUBLIC_URL}/`,
    })
    return envelope(email, settings, rendered, oneClickUnsubscribe(leave))
  },
})
