/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import { EmailFrame, LeaveTheBeta, paragraph, renderParts, requireHttpUrls, VisitorFooter } from './frame.tsx'
import { questionButton } from './play-question.tsx'

// The console's nudge to Android testers who have not answered yet: a plain reminder of
// their invitation, until the messages feature can carry the owner's own words.

export type PlayReminderEmailProps = {
  /** Our redirect to the Play testing opt-in (/beta/android?token=…), as in the invitation. */
  androidUrl: string
  unsubscribeUrl: string
  siteUrl?: string
  /** The sign-up's language. */
  locale?: Locale
}

function playReminderSubject(locale: Locale = DEFAULT_LOCALE): string {
  return EMAIL_TEXTS[locale].playReminder.subject
}

function PlayReminderEmail({ androidUrl, unsubscribeUrl, siteUrl, locale = DEFAULT_LOCALE }: PlayReminderEmailProps) {
  const { playReminder: t, common } = EMAIL_TEXTS[locale]
  return (
    <EmailFrame size="visitor" locale={locale} title={t.subject} heading={t.heading} preview={t.preview}>
      <Text style={paragraph}>{t.intro}</Text>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={androidUrl} style={questionButton}>
          {common.joinAndroid}
        </Link>
      </Section>
      <Text style={paragraph}>{t.help}</Text>
      <LeaveTheBeta url={unsubscribeUrl} locale={locale} />
      <VisitorFooter siteUrl={siteUrl} locale={locale}>
        {t.footer}
      </VisitorFooter>
    </EmailFrame>
  )
}

PlayReminderEmail.PreviewProps = {
  androidUrl: 'https://example.com/beta/android?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies PlayReminderEmailProps

export async function renderPlayReminderEmail(
  input: PlayReminderEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.androidUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(playReminderSubject(input.locale), <PlayReminderEmail {...input} />)
}
