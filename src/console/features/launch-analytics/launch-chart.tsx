import type { LaunchBucket } from '../../../shared/launch-analytics.ts'

const label = (at: string, bucket: 'hour' | 'day') =>
  bucket === 'hour' ? `${at.slice(5, 10)} ${at.slice(11, 16)}` : at.slice(0, 10)

/** Visitors (bars) and sign-ups (dots) per hour or day; the caption says it in words. */
export function LaunchChart({ buckets, bucket }: { buckets: LaunchBucket[]; bucket: 'hour' | 'day' }) {
  const max = Math.max(1, ...buckets.map((b) => Math.max(b.visitors, b.signups)))
  const w = 100 / Math.max(1, buckets.length)
  const visitors = buckets.reduce((s, b) => s + b.visitors, 0)
  const signups = buckets.reduce((s, b) => s + b.signups, 0)
  const best = buckets.reduce((a, b) => (b.visitors > a.visitors ? b : a), buckets[0] ?? { at: '', visitors: 0 })
  const unit = bucket === 'hour' ? 'hour' : 'day'
  const summary = `${visitors} visitors and ${signups} sign-ups over ${buckets.length} ${unit}s${
    best.visitors > 0 ? `; most visitors in the ${unit} of ${label(best.at, bucket)} (${best.visitors})` : ''
  }.`
  return (
    <figure className="m-0">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={summary} className="h-40 w-full">
        {buckets.map((b, i) => {
          const h = (b.visitors / max) * 38
          const s = (b.signups / max) * 38
          return (
            <g key={b.at}>
              <rect x={i * w + w * 0.15} y={40 - h} width={w * 0.7} height={h} className="fill-link">
                <title>{`${label(b.at, bucket)}: ${b.visitors} visitors, ${b.signups} sign-ups`}</title>
              </rect>
              {b.signups > 0 ? (
                <rect
                  x={i * w + w * 0.3}
                  y={40 - s}
                  width={w * 0.4}
                  height={Math.min(s, 1.5)}
                  className="fill-success"
                />
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap justify-between gap-x-2 text-xs text-fg-muted">
        <span>{buckets[0] ? label(buckets[0].at, bucket) : ''}</span>
        <span>{buckets.at(-1) ? label(buckets.at(-1)!.at, bucket) : ''}</span>
        <span className="w-full text-center">{summary}</span>
      </figcaption>
    </figure>
  )
}
