/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { PRODUCT } from '../shared/content.ts'
import { FeedbackLink } from './feedback-link.tsx'
import { EmailFrame, LeaveTheBeta, palette, paragraph, renderParts, requireHttpUrls, VisitorFooter } from './frame.tsx'

export type InvitationEmailProps = {
  /** Our redirect to TestFlight (/beta/ios?token=…); absent when this person gets no iPhone link. */
  iosUrl?: string
  /** Our redirect to the Play testing opt-in (/beta/android?token=…). */
  androidUrl?: string
  /** The person's own feedback page, /beta/feedback?token=…. */
  feedbackUrl?: string
  unsubscribeUrl: string
  siteUrl?: string
}

const button = {
  backgroundColor: palette.brand,
  borderRadius: '6px',
  color: palette.onBrand,
  display: 'inline-block',
  fontSize: '16px',
  fontWeight: 'bold',
  padding: '12px 20px',
  textDecoration: 'none',
}

export function invitationSubject(): string {
  return `Your ${PRODUCT.name} beta invitation`
}

/** The invitation to install the beta: the store link for the person's phone, or both. */
export function InvitationEmail({ iosUrl, androidUrl, feedbackUrl, unsubscribeUrl, siteUrl }: InvitationEmailProps) {
  const name = PRODUCT.name
  const both = iosUrl !== undefined && androidUrl !== undefined
  return (
    <EmailFrame
      size="visitor"
      title={invitationSubject()}
      heading={`Your place in the ${name} beta is open`}
      preview={`Your place in the ${name} beta is open. Install the app from the link inside.`}
    >
      <Text style={paragraph}>
        {both
          ? `Thanks for waiting. Install the ${name} beta on your phone with the link for it below.`
          : `Thanks for waiting. Install the ${name} beta on your phone with the link below.`}
      </Text>
      {iosUrl !== undefined ? (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={paragraph}>On iPhone, the beta comes through Apple's TestFlight app:</Text>
          <Link href={iosUrl} style={button}>
            Join the beta on iPhone
          </Link>
        </Section>
      ) : null}
      {androidUrl !== undefined ? (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={paragraph}>On Android, the beta comes through Google Play:</Text>
          <Link href={androidUrl} style={button}>
            Join the beta on Android
          </Link>
        </Section>
      ) : null}
      <Text style={paragraph}>
        The beta is free, and no credit card is required. Reply to this email to tell us what works and what does not:
        your feedback shapes what comes next.
      </Text>
      <FeedbackLink url={feedbackUrl} />
      <LeaveTheBeta url={unsubscribeUrl} />
      <VisitorFooter siteUrl={siteUrl}>
        {`Sent by the ${name} team because this address is on the ${name} beta list. The link is yours alone: please do not forward it.`}
      </VisitorFooter>
    </EmailFrame>
  )
}

InvitationEmail.PreviewProps = {
  iosUrl: 'https://example.com/beta/ios?token=preview',
  androidUrl: 'https://example.com/beta/android?token=preview',
  feedbackUrl: 'https://example.com/beta/feedback?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies InvitationEmailProps

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default InvitationEmail

/** Renders the invitation to its subject, HTML part and plain-text part. */
export async function renderInvitationEmail(
  input: InvitationEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  if (input.iosUrl === undefined && input.androidUrl === undefined) throw new Error('An invitation needs a link')
  requireHttpUrls([input.iosUrl, input.androidUrl, input.feedbackUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(invitationSubject(), <InvitationEmail {...input} />)
}
