import { useState } from 'react'
import { Button } from '../../../ui/button.tsx'
import { useCall } from '../../queries.ts'
import { Card, Figure } from '../../components/card.tsx'
import { DailyChart } from './daily-chart.tsx'

/** The sign-up totals, and the chart per day over 30 or 90 days. */
export function SignupStatsCards() {
  const [days, setDays] = useState<30 | 90>(30)
  const stats = useCall('signupStats', { days }).data

  return (
    <>
      <div className="mb-4 grid grid-cols-3 gap-3">
        <Figure label="Total" value={stats?.total} />
        <Figure label="Today" value={stats?.today} />
        <Figure label="Last 7 days" value={stats?.last7Days} />
      </div>
      <Card className="mb-4">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">Sign-ups per day</h2>
          <div role="group" aria-label="Period" className="flex gap-1">
            {([30, 90] as const).map((d) => (
              <Button
                key={d}
                variant={days === d ? 'primary' : 'secondary'}
                aria-pressed={days === d}
                onClick={() => setDays(d)}
              >
                {d} days
              </Button>
            ))}
          </div>
        </div>
        {stats ? <DailyChart perDay={stats.perDay} /> : <p>Loading…</p>}
      </Card>
    </>
  )
}
