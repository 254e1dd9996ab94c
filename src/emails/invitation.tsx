/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
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
  /** The sign-up's language. */
  locale?: Locale
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

export function invitationSubject(locale: Locale = DEFAULT_LOCALE): string {
  return EMAIL_TEXTS[locale].invitation.subject
}

/** The invitation to install the beta: the store link for the person's phone, or both. */
export function InvitationEmail(props: InvitationEmailProps) {
  const { iosUrl, androidUrl, feedbackUrl, unsubscribeUrl, siteUrl, locale = DEFAULT_LOCALE } = props
  const { invitation: t, common } = EMAIL_TEXTS[locale]
  const both = iosUrl !== undefined && androidUrl !== undefined
  return (
    <EmailFrame size="visitor" locale={locale} title={t.subject} heading={t.heading} preview={t.preview}>
      <Text style={paragraph}>{both ? t.introBoth : t.introOne}</Text>
      {iosUrl !== undefined ? (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={paragraph}>{t.iosIntro}</Text>
          <Link href={iosUrl} style={button}>
            {common.joinIos}
          </Link>
        </Section>
      ) : null}
      {androidUrl !== undefined ? (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={paragraph}>{t.androidIntro}</Text>
          <Link href={androidUrl} style={button}>
            {common.joinAndroid}
          </Link>
        </Section>
      ) : null}
      <Text style={paragraph}>{t.free}</Text>
      <FeedbackLink url={feedbackUrl} locale={locale} />
      <LeaveTheBeta url={unsubscribeUrl} locale={locale} />
      <VisitorFooter siteUrl={siteUrl}>{t.footer}</VisitorFooter>
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
  return renderParts(invitationSubject(input.locale), <InvitationEmail {...input} />)
}
