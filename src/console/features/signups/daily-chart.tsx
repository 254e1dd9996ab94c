import type { SignupStats } from '../../../shared/signups.ts'

/** Sign-ups per day as bars; the figure's text says what the bars show for screen readers. */
export function DailyChart({ perDay }: { perDay: SignupStats['perDay'] }) {
  const max = Math.max(1, ...perDay.map((d) => d.count))
  const sum = perDay.reduce((n, d) => n + d.count, 0)
  const best = perDay.reduce((a, d) => (d.count > a.count ? d : a), perDay[0] ?? { day: '', count: 0 })
  const w = 100 / Math.max(1, perDay.length)
  const summary = `${sum} sign-ups in the last ${perDay.length} days${best.count > 0 ? `; most on ${best.day} (${best.count})` : ''}.`
  return (
    <figure className="m-0">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={summary} className="h-40 w-full">
        {perDay.map((d, i) => {
          const h = (d.count / max) * 38
          return (
            <rect key={d.day} x={i * w + w * 0.15} y={40 - h} width={w * 0.7} height={h} className="fill-link">
              <title>{`${d.day}: ${d.count}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap justify-between gap-x-2 text-xs text-fg-muted">
        <span>{perDay[0]?.day}</span>
        <span>{perDay.at(-1)?.day}</span>
        <span className="w-full text-center">{summary}</span>
      </figcaption>
    </figure>
  )
}
