/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Body, Container, Heading, Hr, Html, Head, Link, Preview, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { SITE } from '../shared/site.ts'

export type InvitationEmailProps = {
  /** Our redirect to TestFlight (/beta/ios?token=…); absent when this person gets no iPhone link. */
  iosUrl?: string
  /** Our redirect to the Play testing opt-in (/beta/android?token=…). */
  androidUrl?: string
  unsubscribeUrl: string
  siteUrl?: string
}

// The welcome email's look (src/emails/welcome.tsx): same colours, sizes and frame.
const colors = { text: '#1f2937', muted: '#4b5563', link: '#1d4ed8', rule: '#e5e7eb', page: '#f3f4f6' }
const paragraph = { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
const small = { color: colors.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' }
const button = {
  backgroundColor: colors.text,
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '16px',
  fontWeight: 'bold',
  padding: '12px 20px',
  textDecoration: 'none',
}

export function invitationSubject(): string {
  return `Your ${SITE.name} beta invitation`
}

/** The invitation to install the beta: the store link for the person's phone, or both. */
export function InvitationEmail({ iosUrl, androidUrl, unsubscribeUrl, siteUrl }: InvitationEmailProps) {
  const name = SITE.name
  const both = iosUrl !== undefined && androidUrl !== undefined
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{invitationSubject()}</title>
      </Head>
      <Preview>{`Your place in the ${name} beta is open. Install the app from the link inside.`}</Preview>
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
            {`Your place in the ${name} beta is open`}
          </Heading>
          <Text style={paragraph}>
            {both
              ? `Thanks for waiting. Install the ${name} beta on your phone with the link for it below.`
              : `Thanks for waiting. Install the ${name} beta on your phone with the link below.`}
          </Text>
          {iosUrl !== undefined ? (
            <Section style={{ margin: '0 0 16px' }}>
              <Text style={paragraph}>On iPhone, the beta comes through Apple's TestFlight app:</Text>
              <Link href={iosUrl} style={button}>
                Join the beta on iPhone
              </Link>
            </Section>
          ) : null}
          {androidUrl !== undefined ? (
            <Section style={{ margin: '0 0 16px' }}>
              <Text style={paragraph}>On Android, the beta comes through Google Play:</Text>
              <Link href={androidUrl} style={button}>
                Join the beta on Android
              </Link>
            </Section>
          ) : null}
          <Text style={paragraph}>
            The beta is free, and no credit card is required. Reply to this email to tell us what works and what does
            not: your feedback shapes what comes next.
          </Text>
          <Text style={paragraph}>Changed your mind? You can cancel anytime, with one click:</Text>
          <Section style={{ margin: '0 0 16px' }}>
            <Link href={unsubscribeUrl} style={{ color: colors.link, fontSize: '16px', textDecoration: 'underline' }}>
              Leave the beta
            </Link>
          </Section>
          <Hr style={{ borderColor: colors.rule, margin: '24px 0 16px' }} />
          <Text style={small}>
            {`Sent by the ${name} team because this address is on the ${name} beta list. The link is yours alone: please do not forward it.`}
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

InvitationEmail.PreviewProps = {
  iosUrl: 'https://example.com/beta/ios?token=preview',
  androidUrl: 'https://example.com/beta/android?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies InvitationEmailProps

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default InvitationEmail

/** Renders the invitation to its subject, HTML part and plain-text part. */
export async function renderInvitationEmail(
  input: InvitationEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  if (input.iosUrl === undefined && input.androidUrl === undefined) throw new Error('An invitation needs a link')
  for (const url of [input.iosUrl, input.androidUrl, input.unsubscribeUrl, input.siteUrl]) {
    if (url !== undefined && !/^https?:\/\/\S+$/i.test(url))
      throw new Error(`Not an http(s) URL: ${JSON.stringify(url)}`)
  }
  const email = <InvitationEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: invitationSubject(), html, text }
}
