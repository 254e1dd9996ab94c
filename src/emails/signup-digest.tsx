/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { DEFAULT_LOCALE } from '../shared/content.ts'
import { fill, pluralText } from '../shared/content-types.ts'
import { ownerDay, ownerNumber } from './owner-format.ts'
import { OwnerEmailFrame, ownerColors, ownerParagraph, ownerTexts } from './owner-parts.tsx'

export type SignupDigestEmailProps = { day: string; count: number; total: number; consoleUrl?: string }

/** The digest's words with its numbers in: `{signups}` is the count's plural form. */
function digestText(text: string, props: Pick<SignupDigestEmailProps, 'day' | 'count' | 'total'>): string {
  const t = ownerTexts().signupDigest
  const signups = pluralText(
    DEFAULT_LOCALE,
    props.count,
    { one: t.countOne, other: t.countOther },
    ownerNumber(props.count),
  )
  return fill(text, { signups, day: ownerDay(props.day), total: ownerNumber(props.total) })
}

/** The optional daily summary of new beta sign-ups (OWNER_DIGEST_HOUR). */
function SignupDigestEmail(props: SignupDigestEmailProps) {
  const t = ownerTexts().signupDigest
  return (
    <OwnerEmailFrame title={digestText(t.heading, props)} preview={digestText(t.preview, props)}>
      <Text style={ownerParagraph}>{digestText(t.body, props)}</Text>
      {props.consoleUrl ? (
        <Text style={ownerParagraph}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            {t.openConsole}
          </Link>
        </Text>
      ) : null}
    </OwnerEmailFrame>
  )
}

SignupDigestEmail.PreviewProps = { day: '2026-11-21', count: 12, total: 340 }

export async function renderSignupDigestEmail(input: SignupDigestEmailProps) {
  const email = <SignupDigestEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: digestText(ownerTexts().signupDigest.subject, input), html, text }
}
