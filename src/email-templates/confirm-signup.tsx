/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Button, Link, Section, Text } from '@react-email/components'
import { PRODUCT } from '../shared/content.ts'
import { EmailFrame, link, palette, paragraph, renderParts, requireHttpUrls, small, VisitorFooter } from './frame.tsx'

export type ConfirmSignupEmailProps = {
  /** The page whose button confirms the sign-up (by POST: opening the link changes nothing). */
  confirmUrl: string
  /** Where the recipient removes the address instead. */
  unsubscribeUrl: string
  siteUrl?: string
}

/** The first email under double opt-in (SIGNUP_CONFIRMATION=on): it asks the person to confirm. */
export function ConfirmSignupEmail({ confirmUrl, unsubscribeUrl, siteUrl }: ConfirmSignupEmailProps) {
  const name = PRODUCT.name
  return (
    <EmailFrame
      size="visitor"
      title={confirmSignupSubject()}
      preview={`One click to confirm your place on the ${name} beta list.`}
    >
      <Text style={paragraph}>
        {`This address was just signed up for the ${name} beta. Please confirm that it was you, and we will send your welcome email right away.`}
      </Text>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button
          href={confirmUrl}
          style={{
            backgroundColor: palette.brand,
            color: palette.onBrand,
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
        <Link href={confirmUrl} style={link}>
          {confirmUrl}
        </Link>
      </Text>
      <VisitorFooter siteUrl={siteUrl}>
        {`If you did not sign up, ignore this email: without a confirmation we delete the address within 7 days and send nothing more. `}
        {/* No full stop after the link: in the plain-text part it would end the URL. */}
        <Link href={unsubscribeUrl} style={link}>
          Remove it now
        </Link>
      </VisitorFooter>
    </EmailFrame>
  )
}

ConfirmSignupEmail.PreviewProps = {
  confirmUrl: 'https://example.com/confirm?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies ConfirmSignupEmailProps

export default ConfirmSignupEmail

export function confirmSignupSubject(): string {
  return `Confirm your ${PRODUCT.name} beta sign-up`
}

/** Renders the confirmation request to its subject, HTML part and plain-text part. */
export async function renderConfirmSignupEmail(
  input: ConfirmSignupEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([input.confirmUrl, input.unsubscribeUrl, input.siteUrl])
  return renderParts(confirmSignupSubject(), <ConfirmSignupEmail {...input} />)
}
