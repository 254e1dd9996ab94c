/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Hr, Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { PRODUCT } from '../shared/content.ts'
import { OwnerEmailFrame, oneLine, ownerColors, ownerParagraph, ownerSmall } from './owner-parts.tsx'

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

const PHONE: Record<string, string> = { ios: 'iPhone', android: 'Android', unknown: 'phone not given' }

/** The subject names the rating, the build and the time, never the tester's free text (as the contact emails). */
export function feedbackOwnerSubject(input: Pick<FeedbackOwnerEmailProps, 'rating' | 'build' | 'receivedAt'>): string {
  const build = input.build ? `, build ${input.build}` : ''
  return oneLine(`${PRODUCT.name} feedback: ${input.rating}/5${build}, ${input.receivedAt}`, 140)
}

function phoneLine(p: Pick<FeedbackOwnerEmailProps, 'platform' | 'osVersion'>): string {
  return [PHONE[p.platform] ?? p.platform, p.osVersion].filter(Boolean).join(', ')
}

/** The email an owner receives for each feedback entry; replying answers the tester. */
export function FeedbackOwnerEmail(props: FeedbackOwnerEmailProps) {
  const quote = { borderLeft: `4px solid ${ownerColors.rule}`, paddingLeft: '16px', margin: '0 0 16px' }
  return (
    <OwnerEmailFrame title={`New feedback: ${props.rating}/5`} preview={oneLine(props.works || props.broken, 90)}>
      <Text style={ownerParagraph}>
        {`From ${props.email}, ${props.receivedAt}. Build: ${props.build || 'not given'}. Phone: ${phoneLine(props)}.`}
      </Text>
      <Text style={{ ...ownerParagraph, fontWeight: 'bold', margin: '0 0 4px' }}>What works</Text>
      <Section style={quote}>
        <Text style={{ ...ownerParagraph, whiteSpace: 'pre-wrap' }}>{props.works || '(nothing written)'}</Text>
      </Section>
      <Text style={{ ...ownerParagraph, fontWeight: 'bold', margin: '0 0 4px' }}>What does not</Text>
      <Section style={quote}>
        <Text style={{ ...ownerParagraph, whiteSpace: 'pre-wrap' }}>{props.broken || '(nothing written)'}</Text>
      </Section>
      <Hr style={{ borderColor: ownerColors.rule, margin: '24px 0 16px' }} />
      <Text style={ownerSmall}>Reply to this email to answer the tester.</Text>
      {props.consoleUrl ? (
        <Text style={ownerSmall}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            Open the feedback
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
  consoleUrl: 'https://example.com/admin/#/feedback',
} satisfies FeedbackOwnerEmailProps

export default FeedbackOwnerEmail

/** Subject, HTML, and a plain-text part that carries the texts exactly as they were sent. */
export async function renderFeedbackOwnerEmail(
  input: FeedbackOwnerEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(<FeedbackOwnerEmail {...input} />)
  const text = [
    `New feedback: ${input.rating}/5`,
    `From: ${input.email}`,
    `Received: ${input.receivedAt}`,
    `Build: ${input.build || 'not given'}`,
    `Phone: ${phoneLine(input)}`,
    '',
    'What works:',
    input.works || '(nothing written)',
    '',
    'What does not:',
    input.broken || '(nothing written)',
    '',
    '-- ',
    'Reply to this email to answer the tester.',
    ...(input.consoleUrl ? [`Feedback: ${input.consoleUrl}`] : []),
  ].join('\n')
  return { subject: feedbackOwnerSubject(input), html, text }
}
