/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The parts every email to a beta tester shares (the invitation, the owner's messages): the store
// buttons, then the end of the email, their feedback link, how to leave the beta and the footer.
import { Link, Section, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import { LeaveTheBeta, link, palette, paragraph, VisitorFooter } from './frame.tsx'

/** A tester email's button (the store links, Play testing's answers). */
/** The links every email to a tester carries: their store links, feedback page and a way out. */
export type TesterLinks = {
  /** Our redirect to TestFlight (/beta/ios?token=…); absent when this person gets no iPhone link. */
  iosUrl?: string
  /** Our redirect to the Play testing opt-in (/beta/android?token=…). */
  androidUrl?: string
  /** The person's own /app link (/app?token=…): the store for their phone, counted once per person. */
  appUrl?: string
  /** The person's own feedback page, /beta/feedback?token=…. */
  feedbackUrl?: string
  unsubscribeUrl: string
  siteUrl?: string
  /** The sign-up's language. */
  locale?: Locale
}

export const testerButton = {
  backgroundColor: palette.brand,
  borderRadius: '6px',
  color: palette.onBrand,
  display: 'inline-block',
  fontSize: '16px',
  fontWeight: 'bold',
  padding: '12px 20px',
  textDecoration: 'none',
}

/**
 * The person's store links, one button each (absent: no button). `intros` puts a sentence
 * before each button (the invitation's).
 */
export function StoreButtons({
  iosUrl,
  androidUrl,
  intros,
  locale = DEFAULT_LOCALE,
}: {
  iosUrl: string | undefined
  androidUrl: string | undefined
  intros?: { ios: string; android: string }
  locale?: Locale
}) {
  const t = EMAIL_TEXTS[locale].common
  const store = (url: string | undefined, intro: string | undefined, label: string) =>
    url !== undefined ? (
      <Section style={{ margin: '0 0 16px' }}>
        {intro !== undefined ? <Text style={paragraph}>{intro}</Text> : null}
        <Link href={url} style={testerButton}>
          {label}
        </Link>
      </Section>
    ) : null
  return (
    <>
      {store(iosUrl, intros?.ios, t.joinIos)}
      {store(androidUrl, intros?.android, t.joinAndroid)}
    </>
  )
}

/** The tester's own feedback link, in the invitation and in every message. */
function FeedbackLink({ url, locale = DEFAULT_LOCALE }: { url: string | undefined; locale?: Locale }) {
  if (url === undefined) return null
  const t = EMAIL_TEXTS[locale].common
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Text style={paragraph}>
        {/* The link ends the sentence: in the plain-text part a URL right before a full stop
            gets the stop in some clients' links. */}
        {`${t.feedbackIntro} `}
        <Link href={url} style={link}>
          {t.feedbackLink}
        </Link>
      </Text>
    </Section>
  )
}

/** The end of an email to a tester: their feedback link, how to leave the beta, and the footer (`footer`: why they get it). */
export function TesterEmailEnd({
  feedbackUrl,
  unsubscribeUrl,
  siteUrl,
  footer,
  locale = DEFAULT_LOCALE,
}: {
  feedbackUrl?: string | undefined
  unsubscribeUrl: string
  siteUrl?: string | undefined
  footer: string
  locale?: Locale
}) {
  return (
    <>
      <FeedbackLink url={feedbackUrl} locale={locale} />
      <LeaveTheBeta url={unsubscribeUrl} locale={locale} />
      <VisitorFooter siteUrl={siteUrl}>{footer}</VisitorFooter>
    </>
  )
}
