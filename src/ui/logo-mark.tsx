import { TOKENS } from '../shared/design-tokens.ts'

// The mark's colours are the same in both schemes: the tokens' light set names them.
const LOGO = TOKENS.light

/** The product's mark, shared by the page and the console. `id` keeps the gradient's id unique when the mark appears twice. */
export function LogoMark({ id, size = 32 }: { id: string; size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width={size} height={size} className="shrink-0">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={LOGO['logo-from']} />
          <stop offset="1" stopColor={LOGO['logo-to']} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${id})`} />
      <path
        d="M21.5 11.2c-1.2-1.4-3.2-2.2-5.4-2.2-3.1 0-5.3 1.6-5.3 3.9 0 5.3 10.6 2.7 10.6 8 0 2.4-2.3 4-5.5 4-2.4 0-4.5-.9-5.9-2.5"
        fill="none"
        stroke={LOGO['on-brand']}
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  )
}
