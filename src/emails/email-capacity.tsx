/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { fill } from '../shared/content-types.ts'
import { oneLine, OwnerEmailFrame, ownerColors, ownerParagraph, ownerTexts } from './owner-parts.tsx'

export type EmailCapacityEmailProps = {
  /** The UTC day, in the owner's words; the figures formatted in the default language. */
  day: string
  waiting: string
  /** The plan's daily limit and what is left of it today; null: the provider said it is spent. */
  limit: string | null
  remaining: string | null
  minutes: string | null
  consoleUrl?: string
}

function text(template: string, props: EmailCapacityEmailProps): string {
  return fill(template, {
    day: props.day,
    waiting: props.waiting,
    limit: props.limit ?? '',
    remaining: props.remaining ?? '',
    minutes: props.minutes ?? '',
  })
}

/** Sent to every owner, once a UTC day, when the queue will not drain within the day's quota (issue 52). */
function EmailCapacityEmail(props: EmailCapacityEmailProps) {
  const t = ownerTexts().emailCapacity
  const body = text(props.limit === null ? t.bodyProvider : t.body, props)
  return (
    <OwnerEmailFrame title={t.heading} preview={oneLine(body, 90)}>
      <Text style={ownerParagraph}>{body}</Text>
      {props.minutes !== null ? <Text style={ownerParagraph}>{text(t.drain, props)}</Text> : null}
      <Text style={ownerParagraph}>{t.whatToDo}</Text>
      <ul>
        {[t.raisePlan, t.optInOff, t.holdBulk].map((line) => (
          <li key={line}>
            <Text style={ownerParagraph}>{line}</Text>
          </li>
        ))}
      </ul>
      {props.consoleUrl ? (
        <Text style={ownerParagraph}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            {t.openLaunch}
          </Link>
        </Text>
      ) : null}
    </OwnerEmailFrame>
  )
}

EmailCapacityEmail.PreviewProps = {
  day: 'Wednesday, 2 December 2026',
  waiting: '20,000',
  limit: '100',
  remaining: '40',
  minutes: '287,000',
  consoleUrl: 'https://example.com/admin/launch',
}

export async function renderEmailCapacityEmail(input: EmailCapacityEmailProps) {
  const email = <EmailCapacityEmail {...input} />
  const [html, plain] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: oneLine(text(ownerTexts().emailCapacity.subject, input), 140), html, text: plain }
}
