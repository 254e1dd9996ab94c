/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Section, Text } from '@react-email/components'
import { DEFAULT_LOCALE, EMAIL_TEXTS, type Locale } from '../shared/content.ts'
import { link, paragraph } from './frame.tsx'

/** The tester's own feedback link, in the invitation and in every message. */
export function FeedbackLink({ url, locale = DEFAULT_LOCALE }: { url: string | undefined; locale?: Locale }) {
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
