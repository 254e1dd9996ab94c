/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Section, Text } from '@react-email/components'
import { link, paragraph } from './frame.tsx'

/** The tester's own feedback link, in the invitation and in every message. */
export function FeedbackLink({ url }: { url: string | undefined }) {
  if (url === undefined) return null
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Text style={paragraph}>
        {/* The link ends the sentence: in the plain-text part a URL right before a full stop
            gets the stop in some clients' links. */}
        {'Tell us how it is going, what works and what does not. It takes a minute: '}
        <Link href={url} style={link}>
          send your feedback
        </Link>
      </Text>
    </Section>
  )
}
