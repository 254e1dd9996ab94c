import type { ReactNode } from 'react'

/** Shared look of text inputs, selects and text areas on the dark page. */
export const CONTROL_CLASS =
  'block w-full rounded-xl border border-white/15 bg-white/[0.06] px-4 py-3 text-base text-white placeholder:text-slate-400 shadow-inner shadow-black/20 transition-colors motion-reduce:transition-none hover:border-white/30 focus:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300 disabled:cursor-not-allowed disabled:opacity-60'

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
    </div>
  )
}
