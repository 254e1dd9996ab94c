import { SITE } from '../../shared/site.ts'

// The shell of the server's own small pages (unsubscribe and confirmation, the /beta pages, the
// console's sign-in link): one CSP, one stylesheet, one escape, one frame.

/** Strict: no script at all, styles only from our own stylesheet, forms only to us. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

export const PAGE_CSS = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}
h1{font-size:1.5rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1f2937;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}a{color:#1d4ed8}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input,textarea{box-sizing:border-box;width:100%;font:inherit;padding:.5rem .6rem;border:1px solid #6b7280;border-radius:.5rem;color:inherit;background:#fff}
input:focus-visible,textarea:focus-visible{outline:3px solid #2563eb;outline-offset:1px}.hint{color:#4b5563;font-size:.9rem;margin:.25rem 0 1rem}.error{color:#b91c1c;font-weight:600}
`

export const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** A small server page of ours: no script, one stylesheet (the unsubscribe pages' unless named). */
export function page(title: string, body: string, stylesheet = '/unsubscribe.css'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · ${escape(SITE.name)}</title>
<link rel="stylesheet" href="${stylesheet}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}
