/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { PRODUCT } from '../shared/content.ts'
import { EmailFrame, LeaveTheBeta, paragraph, renderParts, requireHttpUrls, VisitorFooter } from './frame.tsx'
import { questionButton } from './play-question.tsx'

// The console's nudge to Android testers who have not answered yet: a plain reminder of
// their invitation, until the messages feature can carry the owner's own words.

export type PlayReminderEmailProps = {
  /** Our redirect to the Play testing opt-in (/beta/android?token=…), as in the invitation. */
  androidUrl: string
  unsubscribeUrl: string
  siteUrl?: string
}

export function playReminderSubject(): string {
  return `A reminder: your ${PRODUCT.name} beta invitation`
}

export function PlayReminderEmail({ androidUrl, unsubscribeUrl, siteUrl }: PlayReminderEmailProps) {
  const name = PRODUCT.name
  return (
    <EmailFrame
      size="visitor"
      title={playReminderSubject()}
      heading={`Your place in the ${name} beta is still open`}
      preview={`Your place in the ${name} beta is still open. Join the test on Google Play with the link inside.`}
    >
      <Text style={paragraph}>
        {`A short reminder: your invitation to test ${name} on Android is waiting. Google Play lets in only the accounts on our tester list, so join with the link below on your phone.`}
      </Text>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={androidUrl} style={questionButton}>
          Join the beta on Android
        </Link>
      </Section>
      <Text style={paragraph}>If something gets in the way, reply to this email and we will help.</Text>
      <LeaveTheBeta url={unsubscribeUrl} />
      <VisitorFooter siteUrl={siteUrl}>
        {`Sent by the ${name} team because this address was invited to the ${name} beta on Android. The link is yours alone: please do not forward it.`}
      </VisitorFooter>
    </EmailFrame>
  )
}

PlayReminderEmail.PreviewProps = {
  androidUrl: 'https://example.com/beta/android?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies PlayReminderEmailProps

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default PlayReminderEmail

export async function renderPlayReminderEmail(
  input: PlayReminderEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.androidUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(playReminderSubject(), <PlayReminderEmail {...input} />)
}
