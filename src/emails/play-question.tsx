/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import {
  EmailFrame,
  LeaveTheBeta,
  link,
  paragraph,
  renderParts,
  requireHttpUrls,
  small,
  VisitorFooter,
} from './frame.tsx'
import { testerButton } from './tester-parts.tsx'

// A day after an Android invitation was opened, the tester's own word on whether they
// joined the Google Play test. docs/decisions/play-closed-testing.md

export type PlayQuestionEmailProps = {
  /** /beta/play?answer=joined&token=…: a page whose button records "Yes, I'm in". */
  joinedUrl: string
  /** /beta/play?answer=trouble&token=…: a page whose button sends "I had trouble" to the team. */
  troubleUrl: string
  /** /beta/play?answer=left&token=…: for later, when they leave the test. */
  leftUrl: string
  unsubscribeUrl: string
  siteUrl?: string
  /** The sign-up's language. */
  locale?: Locale
}

export const questionButton = { ...testerButton, margin: '0 12px 12px 0' }

function playQuestionSubject(locale: Locale = DEFAULT_LOCALE): string {
  return EMAIL_TEXTS[locale].playQuestion.subject
}

function PlayQuestionEmail(props: PlayQuestionEmailProps) {
  const { joinedUrl, troubleUrl, leftUrl, unsubscribeUrl, siteUrl, locale = DEFAULT_LOCALE } = props
  const t = EMAIL_TEXTS[locale].playQuestion
  return (
    <EmailFrame size="visitor" locale={locale} title={t.subject} preview={t.preview}>
      <Text style={paragraph}>{t.intro}</Text>
      {/* One block per button, so the plain-text part keeps each link on its own line. */}
      <Section style={{ margin: '0 0 4px' }}>
        <Link href={joinedUrl} style={questionButton}>
          {t.joined}
        </Link>
      </Section>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={troubleUrl} style={questionButton}>
          {t.trouble}
        </Link>
      </Section>
      <Text style={small}>{t.eachButton}</Text>
      <Text style={small}>
        {`${t.leftIntro} `}
        <Link href={leftUrl} style={link}>
          {t.leftLink}
        </Link>
      </Text>
      <LeaveTheBeta url={unsubscribeUrl} locale={locale} />
      <VisitorFooter siteUrl={siteUrl} locale={locale}>
        {t.footer}
      </VisitorFooter>
    </EmailFrame>
  )
}

PlayQuestionEmail.PreviewProps = {
  joinedUrl: 'https://example.com/beta/play?answer=joined&token=preview',
  troubleUrl: 'https://example.com/beta/play?answer=trouble&token=preview',
  leftUrl: 'https://example.com/beta/play?answer=left&token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies PlayQuestionEmailProps

export async function renderPlayQuestionEmail(
  input: PlayQuestionEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.joinedUrl, input.troubleUrl, input.leftUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(playQuestionSubject(input.locale), <PlayQuestionEmail {...input} />)
}
