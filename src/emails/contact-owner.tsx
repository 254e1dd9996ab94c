/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Hr, Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { fill } from '../shared/content-types.ts'
import { CONTACT_TEXTS, DEFAULT_LOCALE } from '../shared/content.ts'
import type { SubjectValue } from '../shared/subjects.ts'
import { OwnerEmailFrame, oneLine, ownerColors, ownerParagraph, ownerSmall, ownerTexts } from './owner-parts.tsx'

export type ContactOwnerEmailProps = {
  name: string
  email: string
  /** The subject option's value, as stored (e.g. 'bug-report'). */
  subject: string
  message: string
  receivedAt: string
  /** The console's inbox, named at the bottom. */
  consoleUrl?: string
}

/** The label the visitor chose, in the default language (the owner's), e.g. 'Bug Report'; an unknown value is shown as it is. */
export function subjectLabel(value: string): string {
  return CONTACT_TEXTS[DEFAULT_LOCALE].subjects[value as SubjectValue] ?? value
}

/**
 * The subject names the topic and the time, never the sender's free text: a name such as "Your
 * account is locked, verify at …" would read as a phishing line in the owner's inbox.
 * The name is in the body. The time keeps messages on one topic from folding into one thread.
 */
function contactOwnerSubject(input: Pick<ContactOwnerEmailProps, 'subject' | 'receivedAt'>): string {
  const topic = subjectLabel(input.subject)
  return oneLine(fill(ownerTexts().contactOwner.subject, { topic, time: input.receivedAt }), 140)
}

/** The email an owner receives for each contact message; replying answers the visitor (Reply-To). */
function ContactOwnerEmail(props: ContactOwnerEmailProps) {
  const t = ownerTexts().contactOwner
  return (
    <OwnerEmailFrame
      title={fill(t.heading, { topic: subjectLabel(props.subject) })}
      preview={oneLine(props.message, 90)}
    >
      <Text style={ownerParagraph}>
        {fill(t.from, { name: props.name, email: props.email, time: props.receivedAt })}
      </Text>
      <Section style={{ borderLeft: `4px solid ${ownerColors.rule}`, paddingLeft: '16px', margin: '0 0 16px' }}>
        <Text style={{ ...ownerParagraph, whiteSpace: 'pre-wrap' }}>{props.message}</Text>
      </Section>
      <Hr style={{ borderColor: ownerColors.rule, margin: '24px 0 16px' }} />
      <Text style={ownerSmall}>{t.reply}</Text>
      {props.consoleUrl ? (
        <Text style={ownerSmall}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            {t.openInbox}
          </Link>
        </Text>
      ) : null}
    </OwnerEmailFrame>
  )
}

ContactOwnerEmail.PreviewProps = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'bug-report',
  message: 'The invoice screen\nshows the wrong total.',
  receivedAt: '2026-11-22 14:00 UTC',
  consoleUrl: 'https://example.com/admin/inbox',
} satisfies ContactOwnerEmailProps

/** Subject, HTML, and a plain-text part that carries the message exactly as it was sent. */
export async function renderContactOwnerEmail(
  input: ContactOwnerEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(<ContactOwnerEmail {...input} />)
  const t = ownerTexts().contactOwner
  const text = [
    fill(t.heading, { topic: subjectLabel(input.subject) }),
    `${t.fromLabel} ${input.name} <${input.email}>`,
    `${t.receivedLabel} ${input.receivedAt}`,
    '',
    input.message,
    '',
    '-- ',
    t.reply,
    ...(input.consoleUrl ? [`${t.inboxLabel} ${input.consoleUrl}`] : []),
    '',
  ].join('\n')
  return { subject: contactOwnerSubject(input), html, text }
}
