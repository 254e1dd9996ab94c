import type { ButtonHTMLAttributes } from 'react'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap h-10 px-4 text-sm transition-colors duration-150 motion-reduce:transition-none disabled:cursor-not-allowed disabled:opacity-60'

// The design tokens (src/shared/design-tokens.ts): on-brand on brand to button-end (the accent, or the brand for solid buttons), on-danger on danger-solid, above 4.5:1.
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-gradient-to-r rtl:bg-gradient-to-l from-brand to-button-end text-on-brand hover:brightness-110',
  secondary: 'border border-border-strong bg-surface text-fg hover:bg-subtle',
  danger: 'bg-danger-solid text-on-danger hover:bg-danger-solid/90',
  ghost: 'text-fg hover:bg-subtle',
}

/** The console's button classes, in the page's pill style; for links that look like buttons too. */
export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim()
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }

export function Button({ variant, className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />
}
