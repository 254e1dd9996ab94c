import { Resolver } from 'node:dns/promises'
import type { SendingDomain } from '../../../shared/launch-readiness.ts'

// The readiness card's DNS line (issue 53, item 6): whether the domain of EMAIL_FROM publishes
// what receiving mail servers check before they trust a message: SPF, DKIM and DMARC. Read with
// the system's resolver when the card is opened; a lookup that cannot be answered says so,
// rather than "missing". docs/decisions/email-capacity.md, "Before launch day".

/** TXT records of a name, as dns.resolveTxt gives them (each record in chunks). */
export type TxtLookup = (name: string) => Promise<string[][]>

/** One try, two seconds: the card waits for the slowest of three lookups at most. */
export function systemTxtLookup(): TxtLookup {
  const resolver = new Resolver({ timeout: 2_000, tries: 1 })
  return (name) => resolver.resolveTxt(name)
}

/** The address's domain in `Name <a@b.example>` or `a@b.example`; null when there is none. */
function fromDomain(from: string): string | null {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  const domain = /@([^@\s>]+)$/.exec(address.trim())?.[1]
  return domain ? domain.toLowerCase().replace(/\.$/, '') : null
}

type State = SendingDomain['spf']

/** Whether any TXT record of `name` starts with `prefix`; 'unknown' when DNS gave no answer. */
async function has(lookup: TxtLookup, name: string, test: (record: string) => boolean): Promise<State> {
  try {
    const records = await lookup(name)
    return records.some((chunks) => test(chunks.join(''))) ? 'found' : 'missing'
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return code === 'ENOTFOUND' || code === 'ENODATA' ? 'missing' : 'unknown'
  }
}

const starts = (prefix: string) => (r: string) => r.trim().toLowerCase().startsWith(prefix)

/**
 * SPF at the envelope's domain, DKIM at the provider's selector, DMARC at `_dmarc`. Resend sends
 * from the `send.` subdomain (its return path carries the SPF record) and signs with the selector
 * `resend`; an SMTP provider's selector is its own, so DKIM is not checked there.
 */
export async function checkSendingDomain(
  from: string,
  transport: 'outbox' | 'smtp' | 'resend',
  lookup: TxtLookup,
): Promise<SendingDomain | null> {
  const domain = fromDomain(from)
  if (!domain || transport === 'outbox') return null
  const resend = transport === 'resend'
  const [spf, dkim, dmarc] = await Promise.all([
    has(lookup, resend ? `send.${domain}` : domain, starts('v=spf1')),
    resend ? has(lookup, `resend._domainkey.${domain}`, (r) => /(^|;)\s*p=[A-Za-z0-9+/]/.test(r)) : 'not-checked',
    has(lookup, `_dmarc.${domain}`, starts('v=dmarc1')),
  ])
  return { domain, spf, dkim: dkim as SendingDomain['dkim'], dmarc }
}
