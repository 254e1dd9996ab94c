import { SITE } from '../../../shared/site.ts'
import { escape, page as serverPage } from '../../http/page-shell.ts'

/** The sign-in link's page: no script, styles only from our own sheet, forms only to us (as the unsubscribe pages). */
export { PAGE_CSP as SIGN_IN_PAGE_CSP } from '../../http/page-shell.ts'

export const SIGN_IN_PAGE_CSS = `:root{color-scheme:light dark}
body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937;background:#fff}
h1{font-size:1.5rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4f46e5;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0b0d17;color:#e5e7eb}a{color:#93c5fd}}
`

const page = (title: string, body: string) => serverPage(title, body, '/admin/auth/page.css')

/** Opening a link shows this; only the button's POST spends the link (mail scanners fetch links). */
export function confirmSignInPage(token: string, email: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to the ${escape(SITE.name)} console</h1>
<p>Signing in as <strong>${escape(email)}</strong>. The link works once.</p>
<form method="post" action="/admin/auth/link">
<input type="hidden" name="token" value="${escape(token)}">
<button type="submit">Sign in</button>
</form>`,
  )
}

export function badLinkPage(): string {
  return page(
    'Sign-in link not valid',
    `<h1>This sign-in link cannot be used</h1>
<p>It is not valid, has expired (links work for 15 minutes) or was already used.</p>
<p><a href="/admin/">Ask for a new one</a></p>`,
  )
}

export function tooManyAttemptsPage(): string {
  return page(
    'Too many attempts',
    `<h1>Too many sign-in attempts</h1>
<p>Wait a few minutes, then try again.</p>`,
  )
}
