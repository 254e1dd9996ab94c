import { Button } from '../../../ui/button.tsx'
import { useSend } from '../../queries.ts'
import type { PlayTester, PlayTestingSummary } from '../../../shared/play-testing.ts'
import { plural } from '../../format.ts'
import { Card } from '../../components/card.tsx'
import { DoneText } from '../../components/status-text.tsx'

// Google Play's closed-test rule, from the testers' own answers.
// docs/decisions/play-closed-testing.md

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })
/** A day as the card shows it: "27 Nov 2026" (UTC). */
const dayOf = (isoDateOrTime: string) => day.format(new Date(isoDateOrTime))

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** The card's headline: the date to apply, that it has come, or how many testers are missing. */
export function headline(s: PlayTestingSummary): string {
  const p = s.progress
  if (p.reached) return `${p.days} days reached: you can apply for production access now.`
  if (p.applyOn !== null) return `You can apply on ${dayOf(p.applyOn)}.`
  return `${plural(p.missing, 'tester')} missing. The ${p.days} days start when ${p.required} are in.`
}

function testerState(t: PlayTester): string {
  if (t.leftAt === null) return 'In'
  return t.leftBecause === 'bounced' ? `Email bounced ${dayOf(t.leftAt)}` : `Left ${dayOf(t.leftAt)}`
}

export function PlayTestingCard({ summary }: { summary: PlayTestingSummary }) {
  const nudging = useSend('nudge', { invalidates: ['playTesting'] })
  const busy = nudging.isPending
  const r = nudging.data
  const done = r
    ? r.queued > 0
      ? `${plural(r.queued, 'reminder')} queued.`
      : 'Nobody to remind now: each tester gets at most one reminder a day.'
    : null
  const p = summary.progress
  const nth = ordinal(p.required)
  const nudge = () => nudging.mutate(undefined)

  return (
    <Card className="mb-4" labelledBy="play-testing-heading">
      <h2 id="play-testing-heading" className="mb-1 font-semibold">
        Google Play closed testing: {p.required} testers for {p.days} days
      </h2>
      <p className="mb-3 text-sm text-fg">
        Google Play cannot be asked who opted in through an email list. These are the testers&rsquo; own answers to
        &ldquo;Did you join the test?&rdquo;, asked a day after they opened their Android invitation.
      </p>
      <p className="mb-3 text-lg font-bold text-fg-strong" data-testid="play-headline">
        {headline(summary)}
      </p>
      <dl className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-fg-muted">Testers in</dt>
          <dd className="text-2xl font-bold text-fg-strong">
            {p.counting} of {p.required}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-fg-muted">The {nth} joined</dt>
          <dd className="text-2xl font-bold text-fg-strong">
            {p.requiredSince === null ? 'Not yet' : dayOf(p.requiredSince)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-fg-muted">You can apply on</dt>
          <dd className="text-2xl font-bold text-fg-strong">{p.applyOn === null ? 'Not yet' : dayOf(p.applyOn)}</dd>
        </div>
      </dl>
      {p.requiredSince !== null && !p.reached ? (
        <p className="mb-3 text-sm text-fg">
          Day {p.daysIn} of {p.days} with {p.required} testers in. If fewer than {p.required} stay, the days start
          again.
        </p>
      ) : null}
      <p className="mb-3 text-sm text-fg">
        {plural(summary.androidInvited, 'Android invitation')}: {summary.opened} opened, {summary.unanswered} not
        answered, {summary.trouble} had trouble (their messages are in the inbox).
      </p>
      {summary.testers.length > 0 ? (
        <div className="mb-3 overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="mb-1 text-start font-semibold">Testers who said they joined</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pe-3">
                  Tester
                </th>
                <th scope="col" className="py-1 pe-3">
                  Since
                </th>
                <th scope="col" className="py-1">
                  Now
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.testers.map((t) => (
                <tr key={t.id} className="border-b border-border">
                  <td className="py-1 pe-3 break-all">
                    {t.email}
                    {t.googleAccount !== null && t.googleAccount !== t.email ? (
                      <span className="block text-xs text-fg-muted">Play: {t.googleAccount}</span>
                    ) : null}
                  </td>
                  <td className="py-1 pe-3 whitespace-nowrap">{dayOf(t.joinedAt)}</td>
                  <td className="py-1 whitespace-nowrap">{testerState(t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mb-3 text-sm text-fg">No tester has said they joined yet.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {/* The label may wrap: at 320 px it is wider than the card. */}
        <Button
          variant="secondary"
          className="h-auto! min-h-10 py-2 text-center whitespace-normal!"
          disabled={busy || summary.unanswered === 0}
          onClick={() => void nudge()}
        >
          {summary.unanswered === 0
            ? 'Everyone invited has answered'
            : `Remind ${plural(summary.unanswered, 'tester')} who did not answer`}
        </Button>
        <DoneText message={done} />
      </div>
      <p className="mt-2 text-xs text-fg-muted">
        The reminder is a plain copy of their Android invitation link, at most one a day per tester.
      </p>
    </Card>
  )
}
