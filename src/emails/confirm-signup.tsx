/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Body, Button, Container, Heading, Hr, Html, Head, Link, Preview, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { SITE } from '../shared/site.ts'

export type ConfirmSignupEmailProps = {
  /** The page whose button confirms the sign-up (by POST: opening the link changes nothing). */
  confirmUrl: string
  /** Where the recipient removes the address instead. */
  unsubscribeUrl: string
  siteUrl?: string
}

// The welcome email's look (src/emails/welcome.tsx): same colours, sizes and footer.
const colors = {
  text: '#1f2937',
  muted: '#4b5563',
  link: '#1d4ed8',
  rule: '#e5e7eb',
  page: '#f3f4f6',
  button: '#1f2937',
}
const paragraph = { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
const small = { color: colors.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' }

/** The first email under double opt-in (SIGNUP_CONFIRMATION=on): it asks the person to confirm. */
export function ConfirmSignupEmail({ confirmUrl, unsubscribeUrl, siteUrl }: ConfirmSignupEmailProps) {
  const name = SITE.name
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{confirmSignupSubject()}</title>
      </Head>
      <Preview>{`One click to confirm your place on the ${name} beta list.`}</Preview>
      <Body
        style={{
          backgroundColor: colors.page,
          fontFamily: 'Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '560px', padding: '32px', borderRadius: '8px' }}>
          <Heading as="h1" style={{ color: colors.text, fontSize: '24px', lineHeight: '32px', margin: '0 0 16px' }}>
            {confirmSignupSubject()}
          </Heading>
          <Text style={paragraph}>
            {`This address was just signed up for the ${name} beta. Please confirm that it was you, and we will send your welcome email right away.`}
          </Text>
          <Section style={{ margin: '8px 0 24px' }}>
            <Button
              href={confirmUrl}
              style={{
                backgroundColor: colors.button,
                color: '#ffffff',
                fontSize: '16px',
                lineHeight: '24px',
                padding: '12px 20px',
                borderRadius: '8px',
                textDecoration: 'none',
              }}
            >
              Confirm my sign-up
            </Button>
          </Section>
          <Text style={small}>
            {'If the button does not work, open this address: '}
            <Link href={confirmUrl} style={{ color: colors.link, textDecoration: 'underline' }}>
              {confirmUrl}
            </Link>
          </Text>
          <Hr style={{ borderColor: colors.rule, margin: '24px 0 16px' }} />
          <Text style={small}>
            {`If you did not sign up, ignore this email: without a confirmation we delete the address within 7 days and send nothing more. Or `}
            <Link href={unsubscribeUrl} style={{ color: colors.link, textDecoration: 'underline' }}>
              remove it now
            </Link>
            .
          </Text>
          {siteUrl ? (
            <Text style={small}>
              {`${name}: `}
              <Link href={siteUrl} style={{ color: colors.link, textDecoration: 'underline' }}>
                {siteUrl}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  )
}

ConfirmSignupEmail.PreviewProps = {
  confirmUrl: 'https://example.com/confirm?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies ConfirmSignupEmailProps

export default ConfirmSignupEmail

export function confirmSignupSubject(): string {
  return `Confirm your ${SITE.name} beta sign-up`
}

/** Renders the confirmation request to its subject, HTML part and plain-text part. */
export async function renderConfirmSignupEmail(
  input: ConfirmSignupEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  for (const url of [input.confirmUrl, input.unsubscribeUrl, input.siteUrl]) {
    if (url !== undefined && !/^https?:\/\/\S+$/i.test(url))
      throw new Error(`Not an http(s) URL: ${JSON.stringify(url)}`)
  }
  const email = <ConfirmSignupEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: confirmSignupSubject(), html, text }
}
