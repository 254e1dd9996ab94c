import type { ReactNode } from 'react'

/** Shared look of text inputs, selects and text areas on the page, in either scheme. */
export const CONTROL_CLASS =
  'block w-full rounded-xl border border-border-strong bg-subtle px-4 py-3 text-base text-fg-strong placeholder:text-fg-muted shadow-inner shadow-black/20 transition-colors motion-reduce:transition-none hover:border-border-strong focus:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300 disabled:cursor-not-allowed disabled:opacity-60'

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
    </div>
  )
}
