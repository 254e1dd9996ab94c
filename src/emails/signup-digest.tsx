/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { PRODUCT } from '../shared/content.ts'
import { OwnerEmailFrame, ownerColors, ownerParagraph } from './owner-parts.tsx'

export type SignupDigestEmailProps = { day: string; count: number; total: number; consoleUrl?: string }

const plural = (n: number) => `${n} new sign-up${n === 1 ? '' : 's'}`

/** The optional daily summary of new beta sign-ups (OWNER_DIGEST_HOUR). */
export function SignupDigestEmail(props: SignupDigestEmailProps) {
  return (
    <OwnerEmailFrame
      title={`${plural(props.count)} on ${props.day}`}
      preview={`${props.total} on the beta list in all`}
    >
      <Text
        style={ownerParagraph}
      >{`${plural(props.count)} on ${props.day} (UTC); ${props.total} on the ${PRODUCT.name} beta list in all.`}</Text>
      {props.consoleUrl ? (
        <Text style={ownerParagraph}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            Open the console
          </Link>
        </Text>
      ) : null}
    </OwnerEmailFrame>
  )
}

SignupDigestEmail.PreviewProps = { day: '2026-11-21', count: 12, total: 340 }
export default SignupDigestEmail

export async function renderSignupDigestEmail(input: SignupDigestEmailProps) {
  const email = <SignupDigestEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: `${PRODUCT.name}: ${plural(input.count)} on ${input.day}`, html, text }
}
