import type { AnchorHTMLAttributes, ButtonHTMLAttributes, KeyboardEvent } from 'react'

type Variant = 'primary' | 'light' | 'ghost'
type Size = 'md' | 'lg'

// A label wraps rather than run off a narrow screen (a long language's call to action at 320 px):
// the heights are minimums, so a one-line button is as tall as before.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold text-balance transition-[background-color,box-shadow,transform,opacity] duration-150 select-none motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-60'

const VARIANTS: Record<Variant, string> = {
  // brand-600 to button-end-700: the accent's 700 step for a gradient, the brand's own 600 for solid
  // buttons (scripts/design-tokens.ts); on-brand reads on it end to end (src/shared/contrast.ts, buttonsOf).
  primary:
    'bg-gradient-to-r rtl:bg-gradient-to-l from-brand-600 to-button-end-700 text-on-brand shadow-lg shadow-brand-950/50 ring-1 ring-inset ring-white/15 hover:from-brand-700 hover:to-button-end-800 enabled:active:scale-[0.98]',
  light: 'bg-fg-strong text-page shadow-sm hover:bg-brand-50',
  ghost: 'text-fg hover:bg-subtle hover:text-fg-strong',
}

const SIZES: Record<Size, string> = {
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-2.5 text-base',
}

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim()
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }

export function Button({ variant, size, className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />
}

/**
 * An in-page link that acts as a button once scripts run, and still works as a plain link
 * without them. As a role="button" it must answer the Space key like a native button.
 */
export function LinkButton({ onKeyDown, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  function handleKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    onKeyDown?.(event)
    if (event.key === ' ' && !event.defaultPrevented) {
      event.preventDefault()
      event.currentTarget.click()
    }
  }
  return <a role="button" onKeyDown={handleKeyDown} {...rest} />
}
