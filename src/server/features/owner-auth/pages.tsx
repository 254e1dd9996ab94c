import { PRODUCT } from '../../../shared/content.ts'
import { ServerPage } from '../../http/server-page.tsx'
import { paths } from '../../../shared/paths.ts'

// The sign-in link's pages: the server pages' shell, CSP and stylesheet, no script. Their words
// are the console's, in English whatever the site's languages (docs/decisions/direction.md).
const OWNER_LANGUAGE = 'en'

/** Opening a link shows this; only the button's POST spends the link (mail scanners fetch links). */
export function confirmSignInPage(token: string, email: string) {
  return (
    <ServerPage lang={OWNER_LANGUAGE} title="Sign in">
      <h1>Sign in to the {PRODUCT.name} console</h1>
      <p>
        Signing in as <strong dir="auto">{email}</strong>. The link works once.
      </p>
      <form method="post" action={paths.ownerSignIn.spend}>
        <input type="hidden" name="token" value={token} />
        <button type="submit">Sign in</button>
      </form>
    </ServerPage>
  )
}

export function badLinkPage() {
  return (
    <ServerPage lang={OWNER_LANGUAGE} title="Sign-in link not valid">
      <h1>This sign-in link cannot be used</h1>
      <p>It is not valid, has expired (links work for 15 minutes) or was already used.</p>
      <p>
        <a href={paths.console.href()}>Ask for a new one</a>
      </p>
    </ServerPage>
  )
}

export function tooManyAttemptsPage() {
  return (
    <ServerPage lang={OWNER_LANGUAGE} title="Too many attempts">
      <h1>Too many sign-in attempts</h1>
      <p>Wait a few minutes, then try again.</p>
    </ServerPage>
  )
}
