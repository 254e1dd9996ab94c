// Its own module: counter.ts counts these and signup-source.ts finds a sign-up's visit by one, so
// neither imports the other for a type (test/import-cycles.test.ts).

/** What the counter reads of a document request; the fast path for built files can build it too. */
export type DocumentRequest = {
  url: URL
  /** A request header by lower-case name. */
  header: (name: string) => string | undefined
  /** The client's address as src/server/http/client-ip.ts takes it (trusted proxies only). */
  ip: string
  /** The console session cookie's value, when the request carries one: the owner's visits are left out. */
  ownerToken?: string | undefined
}
