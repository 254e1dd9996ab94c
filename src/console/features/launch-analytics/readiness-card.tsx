import { useState, type ReactNode } from 'react'
import { Button } from '../../../ui/button.tsx'
import type { LaunchReadiness } from '../../../shared/launch-readiness.ts'
import { EXPECTED_SIGNUPS_MAX } from '../../../shared/limits.ts'
import { Card } from '../../components/card.tsx'
import { FIELD } from '../../components/selection-fields.tsx'
import { DoneText, ErrorText } from '../../components/status-text.tsx'
import { useSend } from '../../queries.ts'
import { aboutDuration, perSecond } from './wording.ts'

// The Launch view's readiness card (issue 52): the README's launch checklist, read from the
// server's settings, and whether the email plan sends the expected list within 24 hours.
// docs/decisions/email-capacity.md

type Check = { id: string; ok: boolean; text: ReactNode }

const n = (v: number) => v.toLocaleString('en')

function settingChecks(r: LaunchReadiness): Check[] {
  const checks: Check[] = [
    r.publicUrlIsLocal
      ? {
          id: 'public-url',
          ok: false,
          text: (
            <>
              <code>PUBLIC_URL</code> is {r.publicUrl}: every email&apos;s links point there. Set it to the address
              visitors use.
            </>
          ),
        }
      : { id: 'public-url', ok: true, text: <>Emails link to {r.publicUrl}.</> },
    r.transport === 'outbox'
      ? {
          id: 'transport',
          ok: false,
          text: (
            <>
              <code>EMAIL_TRANSPORT</code> is outbox: emails are written to a folder, not sent. Set resend or smtp.
            </>
          ),
        }
      : { id: 'transport', ok: true, text: <>Emails go out through {r.transport === 'resend' ? 'Resend' : 'SMTP'}.</> },
  ]
  if (r.sendingDomain) checks.push(domainCheck(r.sendingDomain, r.transport))
  if (r.transport === 'resend')
    checks.push(
      r.bounceWebhook
        ? { id: 'bounces', ok: true, text: <>Bounces and complaints stop further mail (Resend&apos;s webhook).</> }
        : {
            id: 'bounces',
            ok: false,
            text: (
              <>
                <code>RESEND_WEBHOOK_SECRET</code> is not set: a bounce or a complaint does not stop further mail
                (docs/deploy.md, &ldquo;Bounces and complaints&rdquo;).
              </>
            ),
          },
    )
  checks.push(
    r.doubleOptIn
      ? { id: 'double-opt-in', ok: true, text: <>Double opt-in is on: only confirmed addresses get the welcome.</> }
      : {
          id: 'double-opt-in',
          ok: false,
          text: (
            <>
              Double opt-in is off (<code>SIGNUP_CONFIRMATION</code>): anyone can sign up an address that is not theirs.
            </>
          ),
        },
    r.challenge === 'pow'
      ? { id: 'challenge', ok: true, text: <>The page proves a second of work before each welcome email.</> }
      : {
          id: 'challenge',
          ok: false,
          text: (
            <>
              <code>SIGNUP_CHALLENGE</code> is off: a script can make the server send emails to any address.
            </>
          ),
        },
  )
  return checks
}

/** The sending domain's records: what receiving servers check before they trust an email. */
function domainCheck(d: NonNullable<LaunchReadiness['sendingDomain']>, transport: string): Check {
  const records = [
    ['SPF', d.spf],
    ['DKIM', d.dkim],
    ['DMARC', d.dmarc],
  ] as const
  const missing = records.filter(([, s]) => s === 'missing').map(([name]) => name)
  const unknown = records.filter(([, s]) => s === 'unknown').map(([name]) => name)
  const where = transport === 'resend' ? "the records Resend's Domains page shows" : "your provider's records"
  if (missing.length > 0)
    return {
      id: 'sending-domain',
      ok: false,
      text: (
        <>
          {d.domain} has no {missing.join(', ')} record: receiving servers may put your emails in spam. Add {where}.
        </>
      ),
    }
  if (unknown.length > 0)
    return {
      id: 'sending-domain',
      ok: false,
      text: (
        <>
          DNS did not answer for {d.domain} ({unknown.join(', ')}): check {where} are in place.
        </>
      ),
    }
  const found = records.filter(([, s]) => s === 'found').map(([name]) => name)
  return {
    id: 'sending-domain',
    ok: true,
    text: (
      <>
        {d.domain} publishes {found.join(', ')}
        {d.dkim === 'not-checked' ? ' (DKIM: check it with your provider, its selector is its own)' : ''}.
      </>
    ),
  }
}

/** Whom the plan is checked for, and what their emails are, in words. */
function needText(p: LaunchReadiness['plan']): string {
  const emails = `${n(p.emails)} emails (${p.emailsPerSignup} each)`
  if (p.expectedSignups !== null) return `the ${n(p.list)} sign-ups you expect need ${emails}`
  return `your busiest day of the last 7 (${n(p.list)} sign-ups) needed ${emails}`
}

function planCheck(p: LaunchReadiness['plan']): Check {
  if (p.perDay === null)
    return {
      id: 'email-plan',
      ok: false,
      text: (
        <>
          No email limits are set: set <code>EMAIL_RATE_PER_SECOND</code> and <code>EMAIL_DAILY_LIMIT</code> to your
          plan&apos;s, so the list can be checked against them.
        </>
      ),
    }
  const limits = [
    p.ratePerSecond === null ? null : perSecond(p.ratePerSecond),
    p.dailyLimit === null ? null : `${n(p.dailyLimit)} a day`,
  ]
    .filter(Boolean)
    .join(', ')
  const plan = `Your plan (${limits}) sends ${n(p.perDay)} emails in 24 hours`
  if (p.list === 0) return { id: 'email-plan', ok: true, text: <>{plan}. Enter the sign-ups you expect to check it.</> }
  const need = needText(p)
  if (p.fits)
    return {
      id: 'email-plan',
      ok: true,
      text: <>{`${plan}: ${need}, sent in ${aboutDuration(p.secondsToSend ?? 0)}.`}</>,
    }
  return {
    id: 'email-plan',
    ok: false,
    text: (
      <>
        {`${plan}, but ${need}: they would take ${aboutDuration(p.secondsToSend ?? 0)}. `}
        Raise the plan before launch day, then <code>EMAIL_DAILY_LIMIT</code> and <code>EMAIL_RATE_PER_SECOND</code>{' '}
        with it{p.emailsPerSignup === 2 ? ', or turn double opt-in off for the day' : ''}.
      </>
    ),
  }
}

function ExpectedForm({ expected }: { expected: number | null }) {
  const [value, setValue] = useState(expected === null ? '' : String(expected))
  const save = useSend('setExpectedSignups', {
    input: (v: string) => ({ expected: v.trim() === '' ? null : Number(v) }),
    invalidates: ['launchReadiness'],
  })
  const saved = save.data?.plan.expectedSignups
  const done =
    saved === undefined ? null : saved === null ? 'Cleared: the busiest day is checked.' : `Saved: ${n(saved)}.`
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(value)
      }}
    >
      <div className="grid min-w-0 max-w-xs flex-1 basis-40 gap-1">
        <label htmlFor="launch-expected" className="text-sm font-medium">
          Sign-ups you expect in the first 24 hours
        </label>
        <input
          id="launch-expected"
          type="number"
          inputMode="numeric"
          min={0}
          max={EXPECTED_SIGNUPS_MAX}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={`${FIELD} w-full`}
        />
      </div>
      <Button type="submit" variant="secondary">
        Save
      </Button>
      <DoneText className="basis-full" message={done} />
      <ErrorText message={save.error?.message ?? null} />
    </form>
  )
}

export function ReadinessCard({ readiness }: { readiness: LaunchReadiness | undefined }) {
  const checks = readiness ? [...settingChecks(readiness), planCheck(readiness.plan)] : []
  const open = checks.filter((c) => !c.ok).length
  return (
    <Card labelledBy="launch-ready-heading" className="min-w-0">
      <h2 id="launch-ready-heading" className="mb-2 font-semibold">
        Ready for launch day
      </h2>
      {!readiness ? (
        <p className="text-sm">Loading…</p>
      ) : (
        <>
          <p className="mb-2 text-sm">
            {open === 0
              ? 'Everything on the launch checklist holds.'
              : `${open} of ${checks.length} to do before you post the page.`}
          </p>
          <ul className="mb-3 grid gap-1 text-sm">
            {checks.map((c) => (
              <li key={c.id} className={`flex gap-2 ${c.ok ? '' : 'text-warning'}`}>
                <span aria-hidden="true">{c.ok ? '✓' : '!'}</span>
                <span>
                  <span className="sr-only">{c.ok ? 'Done: ' : 'To do: '}</span>
                  {c.text}
                </span>
              </li>
            ))}
          </ul>
          <ExpectedForm expected={readiness.plan.expectedSignups} />
        </>
      )}
    </Card>
  )
}
