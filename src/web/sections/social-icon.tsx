import type { SvgIcon } from '../../shared/content-types.ts'

/** A profile network's glyph (src/content/social-networks.ts picks it at build), in the link's colour. */
export function SocialIcon({ icon }: { icon: SvgIcon }) {
  return (
    <svg
      aria-hidden="true"
      viewBox={icon.viewBox}
      width="18"
      height="18"
      fill="currentColor"
      dangerouslySetInnerHTML={{ __html: icon.markup }}
    />
  )
}
