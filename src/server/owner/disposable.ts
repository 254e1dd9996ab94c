import { createRequire } from 'node:module'

/**
 * Throwaway-address domains, from the maintained `disposable-email-domains` list (about
 * 120,000 domains), loaded on first use rather than at start. A sign-up on one is stored and
 * answered as usual, so nothing tells a bot; the console flags it and "invite next N" leaves it
 * out unless the owner includes it.
 */
let domains: ReadonlySet<string> | undefined

function list(): ReadonlySet<string> {
  domains ??= new Set(createRequire(import.meta.url)('disposable-email-domains') as string[])
  return domains
}

/** Whether the address is on a throwaway domain, or on a subdomain of one. */
export function isDisposable(email: string): boolean {
  const at = email.lastIndexOf('@')
  if (at < 0) return false
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .split('.')
  const known = list()
  for (let i = 0; i < labels.length - 1; i++) if (known.has(labels.slice(i).join('.'))) return true
  return false
}
