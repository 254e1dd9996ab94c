import { SITE } from '../../../shared/site.ts'
import { escape, page } from '../../http/page-shell.ts'

export function confirmPage(token: string): string {
  return page(
    'Leave the beta',
    `<h1>Leave the ${escape(SITE.name)} beta?</h1>
<p>We will delete your email address from the beta list and send you nothing more.</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}">
<button type="submit">Leave the beta</button>
</form>`,
  )
}

export function donePage(): string {
  return page(
    'You have left the beta',
    `<h1>You have left the ${escape(SITE.name)} beta.</h1>
<p>Your email address is deleted from our list, and we will not email it again, even if it is entered on our page later.</p>
<p>Changed your mind? <a href="/#contact">Contact us</a> and we will let you join again.</p>`,
  )
}

/** Same wording for a token that never existed and one already used: the page reveals nothing. */
export function unknownTokenPage(): string {
  return page(
    'Link not valid',
    `<h1>This link is no longer valid.</h1>
<p>If your address was on the ${escape(SITE.name)} beta list, it has already been removed, or the link was copied incompletely.</p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
  )
}

/** Double opt-in: the link in the first email opens this; only its button (a POST) confirms. */
export function confirmSignupPage(token: string): string {
  return page(
    'Confirm your sign-up',
    `<h1>Join the ${escape(SITE.name)} beta?</h1>
<p>Confirm that you want to receive the beta emails at this address, starting with your welcome email.</p>
<form method="post" action="/confirm?token=${encodeURIComponent(token)}">
<button type="submit">Confirm my sign-up</button>
</form>`,
  )
}

export function signupConfirmedPage(): string {
  return page(
    'You are on the beta list',
    `<h1>You are on the ${escape(SITE.name)} beta list.</h1>
<p>Thanks for confirming. Your welcome email is on its way.</p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
  )
}

/** The rate limit's answer on these pages. */
export function tooManyRequestsPage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`
  return page(
    'Too many requests',
    `<h1>Too many requests.</h1>
<p>Please try again in ${escape(wait)}. Your link still works.</p>
<p><a href="/">Back to ${escape(SITE.name)}</a></p>`,
  )
}
