/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import { EmailFrame, paragraph, renderParts, requireHttpUrls } from './frame.tsx'
import { StoreButtons, TesterEmailEnd, type TesterLinks } from './tester-parts.tsx'

export type InvitationEmailProps = TesterLinks

export function invitationSubject(locale: Locale = DEFAULT_LOCALE): string {
  return EMAIL_TEXTS[locale].invitation.subject
}

/** The invitation to install the beta: the store link for the person's phone, or both. */
function InvitationEmail(props: InvitationEmailProps) {
  const { iosUrl, androidUrl, locale = DEFAULT_LOCALE } = props
  const t = EMAIL_TEXTS[locale].invitation
  const both = iosUrl !== undefined && androidUrl !== undefined
  return (
    <EmailFrame size="visitor" locale={locale} title={t.subject} heading={t.heading} preview={t.preview}>
      <Text style={paragraph}>{both ? t.introBoth : t.introOne}</Text>
      <StoreButtons
        iosUrl={iosUrl}
        androidUrl={androidUrl}
        intros={{ ios: t.iosIntro, android: t.androidIntro }}
        locale={locale}
      />
      <Text style={paragraph}>{t.free}</Text>
      <TesterEmailEnd {...props} footer={t.footer} locale={locale} />
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

/** Renders the invitation to its subject, HTML part and plain-text part. */
export async function renderInvitationEmail(
  input: InvitationEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  if (input.iosUrl === undefined && input.androidUrl === undefined) throw new Error('An invitation needs a link')
  requireHttpUrls([input.iosUrl, input.androidUrl, input.feedbackUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(invitationSubject(input.locale), <InvitationEmail {...input} />)
}
