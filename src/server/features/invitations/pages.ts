import { SITE } from '../../../shared/site.ts'
import type { Platform } from '../../../shared/beta-testers.ts'
import { escape, page } from '../../http/page-shell.ts'
import { googleAccountField } from '../play-testing/pages.ts'

// The pages behind the welcome email's "iPhone" and "Android" links (issue 11). They share the
// unsubscribe page's stylesheet and CSP: no script at all.

const PHONE: Record<Platform, string> = { ios: 'an iPhone', android: 'an Android phone' }
const NAME: Record<Platform, string> = { ios: 'iPhone', android: 'Android' }

/** On Android it also asks, optionally, for the Google account the person uses on Play (issue 19). */
export function phoneConfirmPage(
  platform: Platform,
  token: string,
  account: { value: string; error?: string } = { value: '' },
): string {
  const action = `/beta/phone?platform=${platform}&token=${encodeURIComponent(token)}`
  const field = platform === 'android' ? googleAccountField(account.value, account.error) : ''
  return page(
    `Test on ${NAME[platform]}`,
    `<h1>Test the ${escape(SITE.name)} beta on ${PHONE[platform]}?</h1>
<p>We will send you the ${NAME[platform]} link when your place in the beta opens.</p>
<form method="post" action="${escape(action)}">
${field}<button type="submit">Yes, I use ${PHONE[platform]}</button>
</form>`,
  )
}

export function phoneThanksPage(platform: Platform): string {
  return page(
    'Thank you',
    `<h1>Thank you.</h1>
<p>We noted that you will test on ${PHONE[platform]}. Your invitation will carry the ${NAME[platform]} link.</p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
  )
}

/** Same wording for a token that never existed and one already used: the page reveals nothing. */
export function betaLinkNotValidPage(): string {
  return page(
    'Link not valid',
    `<h1>This link is no longer valid.</h1>
<p>It may have been used already, or copied incompletely.</p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
  )
}
