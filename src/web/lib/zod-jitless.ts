import { z } from 'zod'

// The page's Content-Security-Policy forbids eval. Zod decides when a schema is created whether
// to compile it with `new Function`, and the browser reports each attempt as a CSP violation.
// So this module must be evaluated before any schema module: import it first.
z.config({ jitless: true })
