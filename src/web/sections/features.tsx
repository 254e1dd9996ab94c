import { FEATURE_ICONS, FEATURES_TEXTS, SOCIAL_PROOF, type Locale } from '../../shared/content.ts'

/**
 * The cards per row from the second breakpoint on: two for two or four cards, three otherwise; the
 * last row is centred, so four cards are 2 × 2 and five 3 + 2, never a row with one.
 */
export function cardColumns(count: number): 2 | 3 {
  return count === 2 || count === 4 ? 2 : 3
}

// Whole class names, so Tailwind finds them (gap-5 is 1.25rem).
const CARD_WIDTH = { 2: 'md:w-[calc((100%-1.25rem)/2)]', 3: 'md:w-[calc((100%-2.5rem)/3)]' } as const
const cardWidth = (count: number) => CARD_WIDTH[cardColumns(count)]

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
        <ul className="mt-12 flex flex-col gap-5 sm:mt-16 md:flex-row md:flex-wrap md:justify-center">
          {FEATURES.cards.map((card) => (
            <li key={card.id} className={`card group relative rounded-3xl p-7 ${cardWidth(FEATURES.cards.length)}`}>
              <div className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500/25 to-accent-500/25 ring-1 ring-brand-300/30">
                {/* The card's icon (content/site.yaml), drawn at build from Lucide or the founder's SVG. */}
                <svg
                  aria-hidden="true"
                  viewBox={FEATURE_ICONS[card.id]?.viewBox ?? '0 0 24 24'}
                  width="24"
                  height="24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.7"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="text-brand-200"
                  dangerouslySetInnerHTML={{ __html: FEATURE_ICONS[card.id]?.markup ?? '' }}
                />
              </div>
              <h3 className="mt-6 text-xl font-semibold text-fg-strong">{card.title}</h3>
              <p className="mt-3 leading-relaxed text-fg">{card.body}</p>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-4 rounded-3xl border border-border bg-subtle px-6 py-6 text-center sm:flex-row sm:text-start">
          {/* The avatars are content (site.yaml's socialProof), their gradients generated classes
              (scripts/design-tokens.ts); without them the note stands alone. */}
          {SOCIAL_PROOF ? (
            <div aria-hidden="true" className="flex shrink-0 -space-x-2">
              {SOCIAL_PROOF.avatars.map(({ initials }, i) => (
                <span
                  key={i}
                  className={`avatar-${i} flex size-9 items-center justify-center rounded-full text-xs font-semibold text-fg-strong ring-2 ring-page`}
                >
                  {initials}
                </span>
              ))}
            </div>
          ) : null}
          <p className="text-pretty text-fg">{FEATURES.communityNote}</p>
        </div>
      </div>
    </section>
  )
}
