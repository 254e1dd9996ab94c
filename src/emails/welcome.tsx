/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Heading, Link, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import {
  EmailFrame,
  LeaveTheBeta,
  link,
  palette,
  paragraph,
  renderParts,
  requireHttpUrls,
  VisitorFooter,
} from './frame.tsx'

export type WelcomeEmailProps = {
  /** Where the recipient leaves the beta; the page promises "Cancel anytime". */
  unsubscribeUrl: string
  /** The landing page, named in the footer so the recipient knows where they signed up. */
  siteUrl?: string
  /** Links that record which phone the person uses (each opens a page with a button). */
  phoneUrls?: { ios: string; android: string }
  /** The sign-up's language. */
  locale?: Locale
}

/** The email a new beta member receives right after signing up. */
function WelcomeEmail({ unsubscribeUrl, siteUrl, phoneUrls, locale = DEFAULT_LOCALE }: WelcomeEmailProps) {
  const t = EMAIL_TEXTS[locale].welcome
  return (
    <EmailFrame size="visitor" locale={locale} title={t.subject} preview={t.preview}>
      <Text style={paragraph}>{t.intro}</Text>
      <Heading as="h2" style={{ color: palette.text, fontSize: '18px', lineHeight: '26px', margin: '8px 0 8px' }}>
        {t.nextHeading}
      </Heading>
      <Text style={paragraph}>{t.next}</Text>
      {phoneUrls ? (
        <Text style={paragraph}>
          {`${t.phoneQuestion} `}
          <Link href={phoneUrls.ios} style={link}>
            {t.iphone}
          </Link>
          {` ${t.or} `}
          <Link href={phoneUrls.android} style={link}>
            {t.android}
          </Link>
        </Text>
      ) : null}
      <Text style={paragraph}>{t.free}</Text>
      <LeaveTheBeta url={unsubscribeUrl} locale={locale} />
      <VisitorFooter siteUrl={siteUrl} locale={locale}>
        {t.footer}
      </VisitorFooter>
    </EmailFrame>
  )
}

WelcomeEmail.PreviewProps = {
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies WelcomeEmailProps

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default WelcomeEmail

export function welcomeSubject(locale: Locale = DEFAULT_LOCALE): string {
  return EMAIL_TEXTS[locale].welcome.subject
}

/** Renders the welcome email to its subject, HTML part and plain-text part. */
export async function renderWelcomeEmail(
  input: WelcomeEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.unsubscribeUrl, input.siteUrl, input.phoneUrls?.ios, input.phoneUrls?.android])
  return renderParts(welcomeSubject(input.locale), <WelcomeEmail {...input} />)
}
