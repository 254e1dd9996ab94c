const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a token from a link (unsubscribe, confirmation) is shaped like the database's uuid; a
 * malformed one is answered as an unknown one, without asking the database.
 */
export function isTokenShaped(token: string): boolean {
  return UUID.test(token)
}
