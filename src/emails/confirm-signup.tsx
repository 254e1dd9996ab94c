/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Button, Link, Section, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import { EmailFrame, link, palette, paragraph, renderParts, requireHttpUrls, small, VisitorFooter } from './frame.tsx'

export type ConfirmSignupEmailProps = {
  /** The page whose button confirms the sign-up (by POST: opening the link changes nothing). */
  confirmUrl: string
  /** Where the recipient removes the address instead. */
  unsubscribeUrl: string
  siteUrl?: string
  /** The sign-up's language. */
  locale?: Locale
}

/** The first email under double opt-in (SIGNUP_CONFIRMATION=on): it asks the person to confirm. */
function ConfirmSignupEmail({ confirmUrl, unsubscribeUrl, siteUrl, locale = DEFAULT_LOCALE }: ConfirmSignupEmailProps) {
  const t = EMAIL_TEXTS[locale].confirmSignup
  return (
    <EmailFrame size="visitor" locale={locale} title={t.subject} preview={t.preview}>
      <Text style={paragraph}>{t.intro}</Text>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button
          href={confirmUrl}
          style={{
            backgroundColor: palette.brand,
            color: palette.onBrand,
            fontSize: '16px',
            lineHeight: '24px',
            padding: '12px 20px',
            borderRadius: '8px',
            textDecoration: 'none',
          }}
        >
          {t.button}
        </Button>
      </Section>
      <Text style={small}>
        {`${t.fallback} `}
        <Link href={confirmUrl} style={link}>
          {confirmUrl}
        </Link>
      </Text>
      <VisitorFooter siteUrl={siteUrl} locale={locale}>
        {`${t.footer} `}
        {/* No full stop after the link: in the plain-text part it would end the URL. */}
        <Link href={unsubscribeUrl} style={link}>
          {t.removeLink}
        </Link>
      </VisitorFooter>
    </EmailFrame>
  )
}

ConfirmSignupEmail.PreviewProps = {
  confirmUrl: 'https://example.com/confirm?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies ConfirmSignupEmailProps

export function confirmSignupSubject(locale: Locale = DEFAULT_LOCALE): string {
  return EMAIL_TEXTS[locale].confirmSignup.subject
}

/** Renders the confirmation request to its subject, HTML part and plain-text part. */
export async function renderConfirmSignupEmail(
  input: ConfirmSignupEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.confirmUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(confirmSignupSubject(input.locale), <ConfirmSignupEmail {...input} />)
}
