/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { PRODUCT } from '../shared/content.ts'
import {
  EmailFrame,
  LeaveTheBeta,
  link,
  palette,
  paragraph,
  renderParts,
  requireHttpUrls,
  small,
  VisitorFooter,
} from './frame.tsx'

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
}

export const questionButton = {
  backgroundColor: palette.brand,
  borderRadius: '6px',
  color: palette.onBrand,
  display: 'inline-block',
  fontSize: '16px',
  fontWeight: 'bold',
  margin: '0 12px 12px 0',
  padding: '12px 20px',
  textDecoration: 'none',
}

export function playQuestionSubject(): string {
  return 'Did you join the test?'
}

export function PlayQuestionEmail({ joinedUrl, troubleUrl, leftUrl, unsubscribeUrl, siteUrl }: PlayQuestionEmailProps) {
  const name = PRODUCT.name
  return (
    <EmailFrame
      size="visitor"
      title={playQuestionSubject()}
      preview={`One click tells us whether the ${name} beta reached your Android phone.`}
    >
      <Text style={paragraph}>
        {`You opened your invitation to the ${name} beta on Google Play. Google only lets us publish the app once enough testers are in, and it does not tell us who joined, so we ask you.`}
      </Text>
      {/* One block per button, so the plain-text part keeps each link on its own line. */}
      <Section style={{ margin: '0 0 4px' }}>
        <Link href={joinedUrl} style={questionButton}>
          Yes, I'm in
        </Link>
      </Section>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={troubleUrl} style={questionButton}>
          I had trouble
        </Link>
      </Section>
      <Text style={small}>Each button opens a page where one more click sends your answer.</Text>
      <Text style={small}>
        {'If you leave the test later, tell us with this link: '}
        <Link href={leftUrl} style={link}>
          I left the test
        </Link>
      </Text>
      <LeaveTheBeta url={unsubscribeUrl} />
      <VisitorFooter siteUrl={siteUrl}>
        {`Sent once by the ${name} team because you opened your Android beta invitation. The links are yours alone: please do not forward them.`}
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

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default PlayQuestionEmail

export async function renderPlayQuestionEmail(
  input: PlayQuestionEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.joinedUrl, input.troubleUrl, input.leftUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(playQuestionSubject(), <PlayQuestionEmail {...input} />)
}
