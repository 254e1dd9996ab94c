/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { fill } from '../shared/content-types.ts'
import { OwnerEmailFrame, ownerColors, ownerParagraph, ownerSmall, ownerTexts } from './owner-parts.tsx'
import { ownerNumber } from './owner-format.ts'

export type OwnerSignInEmailProps = { url: string; minutes: number }

/** The one-time sign-in link an owner asked for on the console's sign-in page. */
function OwnerSignInEmail({ url, minutes }: OwnerSignInEmailProps) {
  const t = ownerTexts().ownerSignIn
  return (
    <OwnerEmailFrame title={t.subject} preview={t.preview}>
      <Text style={ownerParagraph}>{fill(t.intro, { minutes: ownerNumber(minutes) })}</Text>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={url} style={{ color: ownerColors.link, fontSize: '16px', textDecoration: 'underline' }}>
          {t.link}
        </Link>
      </Section>
      <Text style={ownerSmall}>{t.ignore}</Text>
    </OwnerEmailFrame>
  )
}

OwnerSignInEmail.PreviewProps = { url: 'https://example.com/admin/sign-in?token=preview', minutes: 15 }

export async function renderOwnerSignInEmail(input: OwnerSignInEmailProps) {
  if (!/^https?:\/\/\S+$/i.test(input.url)) throw new Error(`Not an http(s) URL: ${JSON.stringify(input.url)}`)
  const email = <OwnerSignInEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: ownerTexts().ownerSignIn.subject, html, text }
}
