import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { SocialId, SvgIcon } from '../shared/content-types.ts'
import { inlineSvg } from './brand.ts'

// The footer's profile links' glyphs, one per network (docs/decisions/brand.md). Lucide draws no
// brands, so these come from Simple Icons (CC0 1.0, the `simple-icons` package), read at build:
// only the networks a founder lists reach the page. Simple Icons has no LinkedIn (LinkedIn asked
// for its removal) and the demo's X glyph predates the package: those two are the project's own
// drawings (MIT, this repository's licence), kept as the demo always showed them.

const require = createRequire(import.meta.url)
const SIMPLE_ICONS_DIR = join(dirname(require.resolve('simple-icons')), 'icons')

const OWN: Partial<Record<SocialId, string>> = {
  x: '<path d="M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.9 3h6.4l4.4 5.9L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z"/>',
  linkedin:
    '<path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.9c0-1.17-.02-2.67-1.63-2.67-1.63 0-1.88 1.27-1.88 2.59V21h-4V9.75Z"/>',
}

/** The network's glyph, drawn in currentColor on a 24 by 24 box. */
export function socialIcon(id: SocialId): SvgIcon {
  const own = OWN[id]
  if (own) return { viewBox: '0 0 24 24', markup: own }
  const { viewBox, markup } = inlineSvg(readFileSync(join(SIMPLE_ICONS_DIR, `${id}.svg`), 'utf8'))
  // The file's <title> would name the network a second time beside the link's own accessible name.
  return { viewBox, markup: markup.replace(/<title>[\s\S]*?<\/title>/, '') }
}
