import type { ReactNode } from 'react'

/** A phone bezel around a drawn app screen. Radii are percentages so the frame scales with its width. */
export function PhoneFrame({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`rounded-[15%/7%] bg-gradient-to-b from-slate-600 to-slate-800 p-[3.2%] shadow-2xl shadow-brand-950/60 ring-1 ring-white/20 ${className}`}
    >
      <div className="relative overflow-hidden rounded-[12%/5.6%] bg-slate-50">
        {children}
        <div
          aria-hidden="true"
          className="absolute top-[1.6%] left-1/2 h-[3.4%] w-[30%] -translate-x-1/2 rounded-full bg-slate-950"
        />
      </div>
    </div>
  )
}
