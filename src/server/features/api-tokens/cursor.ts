// The list's cursor: opaque to clients (they pass back what they were given), a sign-up id inside.
// Versioned, so that the order can change one day without old cursors meaning something else.

const PREFIX = 'v1:'

export function encodeCursor(afterId: number): string {
  return Buffer.from(PREFIX + String(afterId)).toString('base64url')
}

/** The id a cursor stands for, or null when it is not one this API gave. */
export function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const m = /^v1:([1-9][0-9]{0,15})$/.exec(text)
  if (!m) return null
  const id = Number(m[1])
  return Number.isSafeInteger(id) ? id : null
}
