/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Heading, Link, Text } from '@react-email/components'
import { PRODUCT } from '../shared/content.ts'
import {
  EmailFrame,
  LeaveTheBeta,
  link,
  palette,
  paragraph,
  renderParts,
  requireHttpUrls,
  VisitorFooter,
} from './frame.tsx'

export type WelcomeEmailProps = {
  /** Where the recipient leaves the beta; the page promises "Cancel anytime". */
  unsubscribeUrl: string
  /** The landing page, named in the footer so the recipient knows where they signed up. */
  siteUrl?: string
  /** Links that record which phone the person uses (each opens a page with a button). */
  phoneUrls?: { ios: string; android: string }
}

/** The email a new beta member receives right after signing up. */
export function WelcomeEmail({ unsubscribeUrl, siteUrl, phoneUrls }: WelcomeEmailProps) {
  const name = PRODUCT.name
  return (
    <EmailFrame
      size="visitor"
      title={welcomeSubject()}
      preview={`You're on the ${name} beta list. Access details are on their way.`}
    >
      <Text style={paragraph}>
        {`Thanks for joining. ${name} is built by freelancers for freelancers: your clients, tasks, payments and notes in one app.`}
      </Text>
      <Heading as="h2" style={{ color: palette.text, fontSize: '18px', lineHeight: '26px', margin: '8px 0 8px' }}>
        What happens next
      </Heading>
      <Text style={paragraph}>
        We will send your access details to this address as soon as your place in the beta opens, followed by early
        updates on what we are building. Your feedback during the beta shapes what comes next.
      </Text>
      {phoneUrls ? (
        <Text style={paragraph}>
          {'Which phone will you test on? '}
          <Link href={phoneUrls.ios} style={link}>
            iPhone
          </Link>
          {' or '}
          <Link href={phoneUrls.android} style={link}>
            Android
          </Link>
        </Text>
      ) : null}
      <Text style={paragraph}>The beta is free, and no credit card is required.</Text>
      <LeaveTheBeta url={unsubscribeUrl} />
      <VisitorFooter siteUrl={siteUrl}>
        {`Sent by the ${name} team because this address was signed up for the ${name} beta. If that was not you, use the Leave the beta link above and you will not hear from us again.`}
      </VisitorFooter>
    </EmailFrame>
  )
}

WelcomeEmail.PreviewProps = {
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies WelcomeEmailProps

/** React Email's preview server renders a template's default export with its PreviewProps. */
export default WelcomeEmail

export function welcomeSubject(): string {
  return `Welcome to the ${PRODUCT.name} beta`
}

/** Renders the welcome email to its subject, HTML part and plain-text part. */
export async function renderWelcomeEmail(
  input: WelcomeEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.unsubscribeUrl, input.siteUrl, input.phoneUrls?.ios, input.phoneUrls?.android])
  return renderParts(welcomeSubject(), <WelcomeEmail {...input} />)
}
