/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { PRODUCT } from '../shared/content.ts'
import { OwnerEmailFrame, ownerColors, ownerParagraph, ownerSmall } from './owner-parts.tsx'

export type OwnerSignInEmailProps = { url: string; minutes: number }

/** The one-time sign-in link an owner asked for on the console's sign-in page. */
export function OwnerSignInEmail({ url, minutes }: OwnerSignInEmailProps) {
  return (
    <OwnerEmailFrame title={`Sign in to the ${PRODUCT.name} console`} preview="Your one-time sign-in link">
      <Text
        style={ownerParagraph}
      >{`Open this link and press the button on the page. It works once, for ${minutes} minutes.`}</Text>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={url} style={{ color: ownerColors.link, fontSize: '16px', textDecoration: 'underline' }}>
          Sign in
        </Link>
      </Section>
      <Text style={ownerSmall}>
        If you did not ask for it, ignore this email: nobody can use it without this mailbox.
      </Text>
    </OwnerEmailFrame>
  )
}

OwnerSignInEmail.PreviewProps = { url: 'https://example.com/admin/sign-in?token=preview', minutes: 15 }
export default OwnerSignInEmail

export async function renderOwnerSignInEmail(input: OwnerSignInEmailProps) {
  if (!/^https?:\/\/\S+$/i.test(input.url)) throw new Error(`Not an http(s) URL: ${JSON.stringify(input.url)}`)
  const email = <OwnerSignInEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: `Sign in to the ${PRODUCT.name} console`, html, text }
}
