import { SIGNUP_TEXTS, type Locale } from '../../shared/content.ts'
import { Island } from '../islands/island.tsx'
import { CTA_ID } from '../lib/scroll-to-cta.ts'

/** Server HTML around one island, the sign-up form. */
export function BetaSignup({ locale }: { locale: Locale }) {
  const SIGNUP = SIGNUP_TEXTS[locale]
  return (
    <aside id={CTA_ID} aria-labelledby="cta-title" className="scroll-mt-24 px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="cta-panel relative mx-auto max-w-3xl overflow-hidden rounded-[2rem] px-5 py-12 text-center sm:px-12 sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{SIGNUP.eyebrow}</p>
        <h2
          id="cta-title"
          className="mx-auto mt-3 max-w-xl text-3xl font-bold tracking-tight text-balance text-fg-strong sm:text-5xl"
        >
          {SIGNUP.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-lg text-lg text-pretty text-fg">{SIGNUP.intro}</p>
        <Island name="beta-signup" className="mx-auto mt-8 max-w-lg text-left" />
        <ul className="mt-7 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg">
          {SIGNUP.reassurance.map((line) => (
            <li key={line} className="flex items-center gap-1.5">
              <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="fill-emerald-400">
                <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm3.3 5.2-3.9 4.3a.7.7 0 0 1-1 0L4.6 8.7l1-1 1.3 1.2 3.4-3.7 1 1Z" />
              </svg>
              {line}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  )
}
