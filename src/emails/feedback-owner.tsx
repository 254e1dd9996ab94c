/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Hr, Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { fill } from '../shared/content-types.ts'
import { OwnerEmailFrame, oneLine, ownerColors, ownerParagraph, ownerSmall, ownerTexts } from './owner-parts.tsx'
import { ownerNumber } from './owner-format.ts'

export type FeedbackOwnerEmailProps = {
  email: string
  rating: number
  works: string
  broken: string
  /** 'ios', 'android' or 'unknown'. */
  platform: string
  osVersion: string
  build: string
  receivedAt: string
  consoleUrl?: string
}

/** The subject names the rating, the build and the time, never the tester's free text (as the contact emails). */
function feedbackOwnerSubject(input: Pick<FeedbackOwnerEmailProps, 'rating' | 'build' | 'receivedAt'>): string {
  const t = ownerTexts().feedbackOwner
  const values = { rating: ownerNumber(input.rating), build: input.build, time: input.receivedAt }
  return oneLine(fill(input.build ? t.subjectWithBuild : t.subject, values), 140)
}

function phoneLine(p: Pick<FeedbackOwnerEmailProps, 'platform' | 'osVersion'>): string {
  const t = ownerTexts().feedbackOwner
  const phone: Record<string, string> = { ios: t.phoneIos, android: t.phoneAndroid, unknown: t.phoneUnknown }
  return [phone[p.platform] ?? p.platform, p.osVersion].filter(Boolean).join(', ')
}

/** The email an owner receives for each feedback entry; replying answers the tester. */
function FeedbackOwnerEmail(props: FeedbackOwnerEmailProps) {
  const t = ownerTexts().feedbackOwner
  const quote = { borderLeft: `4px solid ${ownerColors.rule}`, paddingLeft: '16px', margin: '0 0 16px' }
  const from = {
    email: props.email,
    time: props.receivedAt,
    build: props.build || t.notGiven,
    phone: phoneLine(props),
  }
  return (
    <OwnerEmailFrame
      title={fill(t.heading, { rating: ownerNumber(props.rating) })}
      preview={oneLine(props.works || props.broken, 90)}
    >
      <Text style={ownerParagraph}>{fill(t.from, from)}</Text>
      <Text style={{ ...ownerParagraph, fontWeight: 'bold', margin: '0 0 4px' }}>{t.works}</Text>
      <Section style={quote}>
        <Text style={{ ...ownerParagraph, whiteSpace: 'pre-wrap' }}>{props.works || t.nothingWritten}</Text>
      </Section>
      <Text style={{ ...ownerParagraph, fontWeight: 'bold', margin: '0 0 4px' }}>{t.broken}</Text>
      <Section style={quote}>
        <Text style={{ ...ownerParagraph, whiteSpace: 'pre-wrap' }}>{props.broken || t.nothingWritten}</Text>
      </Section>
      <Hr style={{ borderColor: ownerColors.rule, margin: '24px 0 16px' }} />
      <Text style={ownerSmall}>{t.reply}</Text>
      {props.consoleUrl ? (
        <Text style={ownerSmall}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            {t.openFeedback}
          </Link>
        </Text>
      ) : null}
    </OwnerEmailFrame>
  )
}

FeedbackOwnerEmail.PreviewProps = {
  email: 'ada@example.com',
  rating: 4,
  works: 'Adding clients is quick.',
  broken: 'The invoice total is wrong\nwhen a task has no rate.',
  platform: 'ios',
  osVersion: 'iOS 18.1',
  build: '1.0 (42)',
  receivedAt: '2026-11-24 14:00 UTC',
  consoleUrl: 'https://example.com/admin/feedback',
} satisfies FeedbackOwnerEmailProps

/** Subject, HTML, and a plain-text part that carries the texts exactly as they were sent. */
export async function renderFeedbackOwnerEmail(
  input: FeedbackOwnerEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(<FeedbackOwnerEmail {...input} />)
  const t = ownerTexts().feedbackOwner
  const text = [
    fill(t.heading, { rating: ownerNumber(input.rating) }),
    `${t.fromLabel} ${input.email}`,
    `${t.receivedLabel} ${input.receivedAt}`,
    `${t.buildLabel} ${input.build || t.notGiven}`,
    `${t.phoneLabel} ${phoneLine(input)}`,
    '',
    `${t.works}:`,
    input.works || t.nothingWritten,
    '',
    `${t.broken}:`,
    input.broken || t.nothingWritten,
    '',
    '-- ',
    t.reply,
    ...(input.consoleUrl ? [`${t.feedbackLabel} ${input.consoleUrl}`] : []),
  ].join('\n')
  return { subject: feedbackOwnerSubject(input), html, text }
}
