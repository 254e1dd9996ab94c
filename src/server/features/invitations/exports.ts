import { emailAddress } from '../../../shared/email-address.ts'
import { csvQuote } from '../../owner/csv.ts'

// Exports for the stores. The stores read data, not formulas (App Store Connect's
// importer, a Play Console form), so the addresses go out exactly as typed: no apostrophe, which
// would only break them. The guard is the shared address schema instead: an
// address it refuses (stored by SQL or an import) is left out, so no `=`, `@`, quote or comma
// that the schema keeps out of sign-ups reaches a store. docs/decisions/beta-invitations.md.

type StoreExport = 'testflight' | 'play'

/**
 * One external tester for App Store Connect's "Import testers" (and `fastlane pilot import`):
 * first name, last name, email, with the names left empty, CRLF-terminated, no header row.
 */
export function testflightRecord(email: string): string {
  return `,,${csvQuote(email)}\r\n`
}

/** Addresses for a Play Console email list: comma-separated, as typed. */
export function playList(emails: readonly string[]): string {
  return emails.join(',')
}

/** Whether an address may go to a store: the shared schema accepts it as stored. */
export function storeAddress(email: string): boolean {
  const r = emailAddress.safeParse(email)
  return r.success && r.data === email
}

/** Streams an export from batches of addresses, pulled as the client reads (one batch in memory). */
export function exportStream(kind: StoreExport, batches: AsyncGenerator<string[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let first = true
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await batches.next()
      if (next.done) {
        // The Play list is one line; end it like a text file.
        if (kind === 'play' && !first) controller.enqueue(encoder.encode('\n'))
        controller.close()
        return
      }
      const batch = next.value.filter(storeAddress)
      let text = ''
      if (kind === 'testflight') text = batch.map(testflightRecord).join('')
      else if (batch.length > 0) text = (first ? '' : ',') + playList(batch)
      if (batch.length > 0) first = false
      controller.enqueue(encoder.encode(text))
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}

/** The HTTP headers of a download of `kind`. */
export function exportHeaders(kind: StoreExport, day: string): Record<string, string> {
  return kind === 'testflight'
    ? {
        'Content-Type': 'text/csv; charset=utf-8; header=absent',
        'Content-Disposition': `attachment; filename="testflight-testers-${day}.csv"`,
        'Cache-Control': 'no-store',
      }
    : {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="play-testers-${day}.txt"`,
        'Cache-Control': 'no-store',
      }
}
