import type { Plugin } from 'vite'

/** What the placeholders' values go through, for code that must find them in the built file. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Fills `%NAME%` placeholders in an entry's index.html, so the head's texts have one source: the
 * founder's content (src/shared/content.ts). An unknown name stays as it is.
 */
export function htmlPlaceholders(values: Record<string, string>): Plugin {
  return {
    name: 'html-placeholders',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(/%([A-Z_]+)%/g, (m, key: string) => (key in values ? escapeHtml(values[key]!) : m)),
    },
  }
}
