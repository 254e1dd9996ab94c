/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Body, Container, Heading, Hr, Html, Head, Link, Preview, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { SITE } from '../shared/site.ts'

export type WelcomeEmailProps = {
  /** Where the recipient leaves the beta; the page promises "Cancel anytime". */
  unsubscribeUrl: string
  /** The landing page, named in the footer so the recipient knows where they signed up. */
  siteUrl?: string
  /** Issue 11: links that record which phone the person uses (each opens a page with a button). */
  phoneUrls?: { ios: string; android: string }
}

// Contrast ratios against white: text 14.7:1, muted 7.5:1, link 6.7:1 (WCAG AA needs 4.5:1).
const colors = { text: '#1f2937', muted: '#4b5563', link: '#1d4ed8', rule: '#e5e7eb', page: '#f3f4f6' }
const paragraph = { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
const small = { color: colors.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' }

/** The email a new beta member receives right after signing up. */
export function WelcomeEmail({ unsubscribeUrl, siteUrl, phoneUrls }: WelcomeEmailProps) {
  const name = SITE.name
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{welcomeSubject()}</title>
      </Head>
      <Preview>{`You're on the ${name} beta list. Access details are on their way.`}</Preview>
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
            {welcomeSubject()}
          </Heading>
          <Text style={paragraph}>
            {`Thanks for joining. ${name} is built by freelancers for freelancers: your clients, tasks, payments and notes in one app.`}
          </Text>
          <Heading as="h2" style={{ color: colors.text, fontSize: '18px', lineHeight: '26px', margin: '8px 0 8px' }}>
            What happens next
          </Heading>
          <Text style={paragraph}>
            We will send your access details to this address as soon as your place in the beta opens, followed by early
            updates on what we are building. Your feedback during the beta shapes what comes next.
          </Text>
          {phoneUrls ? (
            <Text style={paragraph}>
              {'Which phone will you test on? '}
              <Link href={phoneUrls.ios} style={{ color: colors.link, textDecoration: 'underline' }}>
                iPhone
              </Link>
              {' or '}
              <Link href={phoneUrls.android} style={{ color: colors.link, textDecoration: 'underline' }}>
                Android
              </Link>
            </Text>
          ) : null}
          <Text style={paragraph}>The beta is free, and no credit card is required.</Text>
          <Text style={paragraph}>Changed your mind? You can cancel anytime, with one click:</Text>
          <Section style={{ margin: '0 0 16px' }}>
            <Link href={unsubscribeUrl} style={{ color: colors.link, fontSize: '16px', textDecoration: 'underline' }}>
              Leave the beta
            </Link>
          </Section>
          <Hr style={{ borderColor: colors.rule, margin: '24px 0 16px' }} />
          <Text style={small}>
            {`Sent by the ${name} team because this address was signed up for the ${name} beta. If that was not you, use the Leave the beta link above and you will not hear from us again.`}
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

WelcomeEmail.PreviewProps = {
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies WelcomeEmailProps

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default WelcomeEmail

export function welcomeSubject(): string {
  return `Welcome to the ${SITE.name} beta`
}

/** Renders the welcome email to its subject, HTML part and plain-text part. */
export async function renderWelcomeEmail(
  input: WelcomeEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  for (const url of [input.unsubscribeUrl, input.siteUrl, input.phoneUrls?.ios, input.phoneUrls?.android]) {
    if (url !== undefined && !/^https?:\/\/\S+$/i.test(url))
      throw new Error(`Not an http(s) URL: ${JSON.stringify(url)}`)
  }
  const email = <WelcomeEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: welcomeSubject(), html, text }
}
