import { PRODUCT } from '../../../shared/content.ts'
import type { Platform } from '../../../shared/beta-testers.ts'
import { ServerPage } from '../../http/server-page.tsx'
import { GoogleAccountField } from '../play-testing/pages.tsx'

// The pages behind the welcome email's "iPhone" and "Android" links. They share the
// server pages' stylesheet and CSP: no script at all.

const PHONE: Record<Platform, string> = { ios: 'an iPhone', android: 'an Android phone' }
const NAME: Record<Platform, string> = { ios: 'iPhone', android: 'Android' }

/** On Android it also asks, optionally, for the Google account the person uses on Play. */
export function phoneConfirmPage(
  platform: Platform,
  token: string,
  account: { value: string; error?: string } = { value: '' },
) {
  return (
    <ServerPage title={`Test on ${NAME[platform]}`}>
      <h1>
        Test the {PRODUCT.name} beta on {PHONE[platform]}?
      </h1>
      <p>We will send you the {NAME[platform]} link when your place in the beta opens.</p>
      <form method="post" action={`/beta/phone?platform=${platform}&token=${encodeURIComponent(token)}`}>
        {platform === 'android' ? <GoogleAccountField value={account.value} error={account.error} /> : null}
        <button type="submit">Yes, I use {PHONE[platform]}</button>
      </form>
    </ServerPage>
  )
}

export function phoneThanksPage(platform: Platform) {
  return (
    <ServerPage title="Thank you">
      <h1>Thank you.</h1>
      <p>
        We noted that you will test on {PHONE[platform]}. Your invitation will carry the {NAME[platform]} link.
      </p>
      <p>
        <a href="/">Back to {PRODUCT.name}</a>
      </p>
    </ServerPage>
  )
}

/** Same wording for a token that never existed and one already used: the page reveals nothing. */
export function betaLinkNotValidPage() {
  return (
    <ServerPage title="Link not valid">
      <h1>This link is no longer valid.</h1>
      <p>It may have been used already, or copied incompletely.</p>
      <p>
        <a href="/">Back to {PRODUCT.name}</a>
      </p>
    </ServerPage>
  )
}
