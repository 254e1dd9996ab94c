import type { ReactNode } from 'react'
import { PRODUCT } from '../../../shared/content.ts'
import { ServerPage } from '../../http/server-page.tsx'

// The pages behind every email's "Leave the beta" link and the double opt-in's link: each one
// returns the page as a React element, which sendPage() renders (escaping by construction).

const Home = () => (
  <p>
    <a href="/">Back to {PRODUCT.name}</a>
  </p>
)

function Leave({ script, children }: { script?: string; children: ReactNode }) {
  return (
    <ServerPage title="Leave the beta" {...(script ? { script } : {})}>
      <h1>Leave the {PRODUCT.name} beta?</h1>
      <p>We will delete your email address from the beta list and send you nothing more.</p>
      {children}
    </ServerPage>
  )
}

export function confirmPage(token: string) {
  return (
    <Leave>
      <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`}>
        <button type="submit">Leave the beta</button>
      </form>
    </Leave>
  )
}

/**
 * The same page for a static host (scripts/static-host.ts, the Supabase deployment): its script
 * reads the token from the address and POSTs it to the edge function, then shows the answer's
 * content (DoneContent, UnknownTokenContent) in place of `<main>`'s.
 */
export function staticConfirmPage(script: string) {
  return (
    <Leave script={script}>
      <form id="leave">
        <button type="submit">Leave the beta</button>
      </form>
      <p id="status" role="alert"></p>
      <noscript>
        <p>Leaving the beta needs JavaScript here; or reply to the email and we will remove you.</p>
      </noscript>
    </Leave>
  )
}

export function donePage() {
  return (
    <ServerPage title="You have left the beta">
      <DoneContent />
    </ServerPage>
  )
}

export function DoneContent() {
  return (
    <>
      <h1>You have left the {PRODUCT.name} beta.</h1>
      <p>
        Your email address is deleted from our list, and we will not email it again, even if it is entered on our page
        later.
      </p>
      <p>
        Changed your mind? <a href="/#contact">Contact us</a> and we will let you join again.
      </p>
    </>
  )
}

/** Same wording for a token that never existed and one already used: the page reveals nothing. */
export function unknownTokenPage() {
  return (
    <ServerPage title="Link not valid">
      <UnknownTokenContent />
    </ServerPage>
  )
}

export function UnknownTokenContent() {
  return (
    <>
      <h1>This link is no longer valid.</h1>
      <p>
        If your address was on the {PRODUCT.name} beta list, it has already been removed, or the link was copied
        incompletely.
      </p>
      <Home />
    </>
  )
}

/** Double opt-in: the link in the first email opens this; only its button (a POST) confirms. */
export function confirmSignupPage(token: string) {
  return (
    <ServerPage title="Confirm your sign-up">
      <h1>Join the {PRODUCT.name} beta?</h1>
      <p>Confirm that you want to receive the beta emails at this address, starting with your welcome email.</p>
      <form method="post" action={`/confirm?token=${encodeURIComponent(token)}`}>
        <button type="submit">Confirm my sign-up</button>
      </form>
    </ServerPage>
  )
}

export function signupConfirmedPage() {
  return (
    <ServerPage title="You are on the beta list">
      <h1>You are on the {PRODUCT.name} beta list.</h1>
      <p>Thanks for confirming. Your welcome email is on its way.</p>
      <Home />
    </ServerPage>
  )
}

/** The rate limit's answer on these pages. */
export function tooManyRequestsPage(retryAfterSeconds: number) {
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`
  return (
    <ServerPage title="Too many requests">
      <h1>Too many requests.</h1>
      <p>Please try again in {wait}. Your link still works.</p>
      <Home />
    </ServerPage>
  )
}
