import type { AnchorHTMLAttributes, ButtonHTMLAttributes, KeyboardEvent } from 'react'

type Variant = 'primary' | 'light' | 'ghost'
type Size = 'md' | 'lg'

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-[background-color,box-shadow,transform,opacity] duration-150 select-none motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-60'

const VARIANTS: Record<Variant, string> = {
  // brand-600 to accent-700 (the theme's colours at Tailwind's 600 and 700 lightness, scripts/brand-scale.ts)
  // keeps the text on brand (on-brand: white, or dark on a light brand) above 4.5:1 across the gradient.
  primary:
    'bg-gradient-to-r rtl:bg-gradient-to-l from-brand-600 to-accent-700 text-on-brand shadow-lg shadow-brand-950/50 ring-1 ring-inset ring-white/15 hover:from-brand-700 hover:to-accent-800 enabled:active:scale-[0.98]',
  light: 'bg-fg-strong text-page shadow-sm hover:bg-brand-50',
  ghost: 'text-fg hover:bg-subtle hover:text-fg-strong',
}

const SIZES: Record<Size, string> = {
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
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
