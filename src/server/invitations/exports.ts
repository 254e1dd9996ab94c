import { csvField, csvRecord } from '../owner/csv.ts'

// Exports for the stores (issue 11), with the console's CSV rules (src/server/owner/csv.ts):
// RFC 4180 quoting, and cells a spreadsheet would read as a formula neutralised.

export type StoreExport = 'testflight' | 'play'

/**
 * One external tester for App Store Connect's "Import testers" (and `fastlane pilot import`):
 * first name, last name, email, with the names left empty, CRLF-terminated, no header row.
 */
export function testflightRecord(email: string): string {
  return csvRecord(['', '', email])
}

/** Addresses for a Play Console email list: comma-separated, the same escaping per address. */
export function playList(emails: readonly string[]): string {
  return emails.map(csvField).join(',')
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
      const text =
        kind === 'testflight' ? next.value.map(testflightRecord).join('') : (first ? '' : ',') + playList(next.value)
      if (next.value.length > 0) first = false
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
