import { expect, test } from 'vitest'
import { fillOrigin, moveOrigin, ORIGIN_MARK, parseOriginRecord } from './public-origin.ts'

// The build fills the mark with its address and records where; the server moves the address
// in those places only. A founder's own text that holds the same address is theirs.

const BUILT = 'https://solo.example'
const RUNTIME = 'https://beta.founder.example'
/** A document as the prerender writes it: the mark in the head, the build's address in a founder's text. */
const marked = [
  `<link rel="canonical" href="${ORIGIN_MARK}/de/">`,
  `<meta property="og:image" content="${ORIGIN_MARK}/og-image-de.png" />`,
  `<script type="application/ld+json">{"url":"${ORIGIN_MARK}/de/"}</script>`,
  // Multi-byte text before a slot: offsets are bytes, not characters.
  `<p>Schreib uns über ${BUILT}/kontakt oder an hallo@solo.example — danke 💬</p>`,
  `<loc>${ORIGIN_MARK}/de/privacy</loc>`,
].join('\n')

test('the build fills the mark with its address and records each place in bytes', () => {
  const { text, slots } = fillOrigin(marked, BUILT)
  expect(text).not.toContain(ORIGIN_MARK)
  expect(slots).toHaveLength(4)
  const bytes = Buffer.from(text)
  for (const slot of slots) expect(bytes.subarray(slot, slot + BUILT.length).toString()).toBe(BUILT)
})

test("the server moves the address in the recorded places and nowhere else: the founder's text stays", () => {
  const { text, slots } = fillOrigin(marked, BUILT)
  const moved = moveOrigin(Buffer.from(text), slots, BUILT, RUNTIME, 'de/index.html').toString()
  expect(moved).toBe(fillOrigin(marked, RUNTIME).text)
  expect(moved).toContain(`href="${RUNTIME}/de/"`)
  expect(moved).toContain(`<loc>${RUNTIME}/de/privacy</loc>`)
  expect(moved).toContain(`über ${BUILT}/kontakt oder an hallo@solo.example`)
  // A shorter address too, and back.
  const short = moveOrigin(Buffer.from(text), slots, BUILT, 'http://a.io', 'x').toString()
  expect(short).toBe(fillOrigin(marked, 'http://a.io').text)
})

test('a file changed after the build is refused by name, never served half moved', () => {
  const { text, slots } = fillOrigin(marked, BUILT)
  const edited = Buffer.from(`<!-- edited -->${text}`)
  expect(() => moveOrigin(edited, slots, BUILT, RUNTIME, 'de/index.html')).toThrow(
    /de\/index\.html does not hold https:\/\/solo\.example where the build wrote it/,
  )
  expect(() => moveOrigin(Buffer.from(text), slots, 'https://other.example', RUNTIME, 'x')).toThrow(/rebuild/)
})

test('the record names an http(s) origin and byte offsets', () => {
  expect(parseOriginRecord('{"origin":"https://a.example","files":{"index.html":[3,90]}}').files).toEqual({
    'index.html': [3, 90],
  })
  expect(() => parseOriginRecord('{"origin":"ftp://a.example","files":{}}')).toThrow()
  expect(() => parseOriginRecord('{"origin":"https://a.example","files":{"x":[-1]}}')).toThrow()
})
