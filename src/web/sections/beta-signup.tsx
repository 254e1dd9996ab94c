import { SIGNUP_TEXTS, STORE_TEXTS, type Locale } from '../../shared/content.ts'
import { betaPlatform, storeStage } from '../../shared/store-stage.ts'
import { Island } from '../islands/island.tsx'
import { CTA_ID } from '../lib/scroll-to-cta.ts'
import { StoreBadges } from './store-badges.tsx'

/**
 * Server HTML around one island, the sign-up form. With one store live, the live store's badge
 * leads, and the sign-up is for the phone still in beta (its heading says which; the form sends
 * that phone); with both live, the badges replace the form (docs/decisions/stores-and-badges.md).
 */
export function BetaSignup({ locale }: { locale: Locale }) {
  const STORES = STORE_TEXTS[locale]
  const stage = storeStage()
  const platform = betaPlatform()
  const base = SIGNUP_TEXTS[locale]
  // content:check makes each text the stage needs exist in every language.
  const SIGNUP =
    stage === 'live'
      ? { ...base, heading: STORES.liveHeading ?? base.heading, intro: STORES.liveIntro ?? base.intro }
      : platform
        ? {
            ...base,
            heading: (platform === 'ios' ? STORES.signupIosHeading : STORES.signupAndroidHeading) ?? base.heading,
          }
        : base
  return (
    <aside id={CTA_ID} aria-labelledby="cta-title" className="scroll-mt-24 px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="cta-panel relative mx-auto max-w-3xl overflow-hidden rounded-[2rem] px-5 py-12 text-center sm:px-12 sm:py-16">
        {/* The eyebrow says "beta": once both stores are live, the heading stands alone. */}
        {stage === 'live' ? null : (
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{SIGNUP.eyebrow}</p>
        )}
        <h2
          id="cta-title"
          className="mx-auto mt-3 max-w-xl text-3xl font-bold tracking-tight text-balance text-fg-strong sm:text-5xl"
        >
          {SIGNUP.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-lg text-lg text-pretty text-fg">{SIGNUP.intro}</p>
        {stage === 'live' ? null : <Island name="beta-signup" className="mx-auto mt-8 max-w-lg text-start" />}
        {stage === 'live' ? null : <Reassurance lines={SIGNUP.reassurance} />}
        {/* After the form: with one store live, the heading is about the other phone's beta. */}
        <StoreBadges locale={locale} lazy className={stage === 'live' ? 'mt-6' : 'mt-5'} />
      </div>
    </aside>
  )
}

function Reassurance({ lines }: { lines: readonly string[] }) {
  return (
    <ul className="mt-7 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg">
      {lines.map((line) => (
        <li key={line} className="flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="fill-emerald-400">
            <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm3.3 5.2-3.9 4.3a.7.7 0 0 1-1 0L4.6 8.7l1-1 1.3 1.2 3.4-3.7 1 1Z" />
          </svg>
          {line}
        </li>
      ))}
    </ul>
  )
}
