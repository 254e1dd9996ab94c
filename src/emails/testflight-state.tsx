/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { OwnerEmailFrame, ownerColors, ownerParagraph, ownerTexts } from './owner-parts.tsx'

export type TestflightStateEmailProps = { state: 'open' | 'full' | 'closed'; consoleUrl?: string }

const SUBJECT = { open: 'subjectOpen', full: 'subjectFull', closed: 'subjectClosed' } as const

/** The public TestFlight link changed state: what it means for the iPhone invitations, and what to do. */
function TestflightStateEmail(props: TestflightStateEmailProps) {
  const t = ownerTexts().testflightState
  return (
    <OwnerEmailFrame title={t[SUBJECT[props.state]]} preview={t[props.state]}>
      <Text style={ownerParagraph}>{t[props.state]}</Text>
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

TestflightStateEmail.PreviewProps = { state: 'full', consoleUrl: 'https://example.com/admin/invitations' }

export async function renderTestflightStateEmail(input: TestflightStateEmailProps) {
  const email = <TestflightStateEmail {...input} />
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: ownerTexts().testflightState[SUBJECT[input.state]], html, text }
}
