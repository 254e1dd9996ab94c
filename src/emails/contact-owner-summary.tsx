/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { fill } from '../shared/content-types.ts'
import { OwnerEmailFrame, ownerColors, ownerParagraph, ownerSmall, ownerTexts } from './owner-parts.tsx'
import { ownerNumber } from './owner-format.ts'

export type ContactOwnerSummaryEmailProps = { count: number; consoleUrl: string; feedback?: number }

/**
 * "N more messages are waiting in the console", whatever the count (the content's words);
 * feedback entries, which share the cap, are named as feedback.
 */
const summaryLine = (count: number, feedback = 0) => {
  const t = ownerTexts().contactOwnerSummary
  const messages = count - feedback
  const m = fill(t.messages, { count: ownerNumber(messages) })
  const f = fill(t.feedback, { count: ownerNumber(feedback) })
  const what = messages > 0 && feedback > 0 ? fill(t.both, { messages: m, feedback: f }) : feedback > 0 ? f : m
  return fill(t.waiting, { what })
}

/**
 * Sent at the end of an hour in which more contact messages came than OWNER_NOTIFY_MAX_PER_HOUR:
 * every message is stored and shown in the console, only their emails were held back.
 */
function ContactOwnerSummaryEmail({ count, consoleUrl, feedback = 0 }: ContactOwnerSummaryEmailProps) {
  const t = ownerTexts().contactOwnerSummary
  const line = summaryLine(count, feedback)
  return (
    <OwnerEmailFrame title={line} preview={line}>
      <Text style={ownerParagraph}>{`${line}.`}</Text>
      <Text style={ownerParagraph}>
        <Link href={consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
          {t.openInbox}
        </Link>
      </Text>
      <Text style={ownerSmall}>{t.note}</Text>
    </OwnerEmailFrame>
  )
}

ContactOwnerSummaryEmail.PreviewProps = { count: 42, consoleUrl: 'https://example.com/admin/inbox' }

export async function renderContactOwnerSummaryEmail(input: ContactOwnerSummaryEmailProps) {
  const email = <ContactOwnerSummaryEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  const summary = summaryLine(input.count, input.feedback)
  return { subject: fill(ownerTexts().contactOwnerSummary.subject, { summary }), html, text }
}
