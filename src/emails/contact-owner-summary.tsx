/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { PRODUCT } from '../shared/content.ts'
import { OwnerEmailFrame, ownerColors, ownerParagraph, ownerSmall } from './owner-parts.tsx'

export type ContactOwnerSummaryEmailProps = { count: number; consoleUrl: string; feedback?: number }

/**
 * The words the issue asks for, whatever the count; feedback entries, which share the
 * cap, are named as feedback.
 */
export const summaryLine = (count: number, feedback = 0) => {
  const messages = count - feedback
  const parts = [messages > 0 ? `${messages} more messages` : '', feedback > 0 ? `${feedback} more feedback` : '']
  return `${parts.filter(Boolean).join(' and ')} are waiting in the console`
}

/**
 * Sent at the end of an hour in which more contact messages came than OWNER_NOTIFY_MAX_PER_HOUR:
 * every message is stored and shown in the console, only their emails were held back.
 */
export function ContactOwnerSummaryEmail({ count, consoleUrl, feedback = 0 }: ContactOwnerSummaryEmailProps) {
  const line = summaryLine(count, feedback)
  return (
    <OwnerEmailFrame title={line} preview={line}>
      <Text style={ownerParagraph}>{`${line}.`}</Text>
      <Text style={ownerParagraph}>
        <Link href={consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
          Open the inbox
        </Link>
      </Text>
      <Text style={ownerSmall}>
        {`More contact messages and feedback came in that hour than you get emails for (OWNER_NOTIFY_MAX_PER_HOUR); none was lost.`}
      </Text>
    </OwnerEmailFrame>
  )
}

ContactOwnerSummaryEmail.PreviewProps = { count: 42, consoleUrl: 'https://example.com/admin/#/inbox' }
export default ContactOwnerSummaryEmail

export async function renderContactOwnerSummaryEmail(input: ContactOwnerSummaryEmailProps) {
  const email = <ContactOwnerSummaryEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: `${PRODUCT.name} contact: ${summaryLine(input.count, input.feedback)}`, html, text }
}
