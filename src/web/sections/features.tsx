import type { ReactNode } from 'react'
import { FEATURES_TEXTS, type Locale } from '../../shared/content.ts'

type FeatureId = 'clients' | 'tasks' | 'payments'

const ICONS: Record<FeatureId, ReactNode> = {
  clients: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 19c.6-3.3 3-5 6-5s5.4 1.7 6 5" />
      <path d="M15.5 5.5h5.5M15.5 9h5.5M17.5 12.5H21" />
    </>
  ),
  tasks: (
    <>
      <rect x="3.5" y="4.5" width="17" height="16" rx="3" />
      <path d="M3.5 9h17M8 2.5v4M16 2.5v4" />
      <path d="M8.5 14.5l2.2 2.2 4.8-4.7" />
    </>
  ),
  payments: (
    <>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      <circle cx="19.5" cy="6" r="2.5" />
    </>
  ),
}

export function Features({ locale }: { locale: Locale }) {
  const FEATURES = FEATURES_TEXTS[locale]
  return (
    <section id="features" aria-labelledby="features-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">{FEATURES.eyebrow}</p>
          <h2
            id="features-title"
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-fg-strong sm:text-5xl"
          >
            {FEATURES.heading}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-pretty text-fg">{FEATURES.intro}</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:mt-16 md:grid-cols-3">
          {FEATURES.cards.map((card) => (
            <li key={card.id} className="card group relative rounded-3xl p-7">
              <div className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500/25 to-accent-500/25 ring-1 ring-brand-300/30">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="24"
                  height="24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.7"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="text-brand-200"
                >
                  {ICONS[card.id as FeatureId] ?? ICONS.tasks}
                </svg>
              </div>
              <h3 className="mt-6 text-xl font-semibold text-fg-strong">{card.title}</h3>
              <p className="mt-3 leading-relaxed text-fg">{card.body}</p>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-4 rounded-3xl border border-border bg-subtle px-6 py-6 text-center sm:flex-row sm:text-left">
          <div aria-hidden="true" className="flex shrink-0 -space-x-2">
            {['MK', 'JS', 'AR', 'LT'].map((initials, i) => (
              <span
                key={initials}
                className={`avatar-${i} flex size-9 items-center justify-center rounded-full text-xs font-semibold text-fg-strong ring-2 ring-page`}
              >
                {initials}
              </span>
            ))}
          </div>
          <p className="text-pretty text-fg">{FEATURES.communityNote}</p>
        </div>
      </div>
    </section>
  )
}
