/** "about N minutes" (hours past two hours, days past two days): a wait as a person reads it. */
export function aboutDuration(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  if (minutes <= 120) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.ceil(minutes / 60)
  if (hours <= 48) return `about ${hours} hours`
  return `about ${Math.ceil(hours / 24)} days`
}

/** "2 a second", "0.5 a second": a pace, rounded as a person reads it. */
export const perSecond = (n: number) => `${n >= 10 ? Math.round(n) : n.toFixed(1).replace(/\.0$/, '')} a second`
