/** When the daily backup next runs: the next `HH:MM` (UTC) after `now`. */
export function nextRun(now: Date, time: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m))
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1)
  return next
}
