import { getMimeType } from 'hono/utils/mime'

// Files known by their name rather than their extension: Apple reads
// /.well-known/apple-app-site-association (no extension) as JSON, and wants it served so (issue 43).
const BY_NAME: Readonly<Record<string, string>> = {
  'apple-app-site-association': 'application/json',
}

/** The Content-Type of a file known by its name alone (`path`'s last segment), else undefined. */
export function typeByName(path: string): string | undefined {
  return BY_NAME[path.slice(path.lastIndexOf('/') + 1)]
}

/** The Content-Type a built file is sent with; undefined when neither its name nor its extension tells. */
export function contentTypeOf(path: string): string | undefined {
  return typeByName(path) ?? getMimeType(path)
}
