/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { fill } from '../shared/content-types.ts'
import { oneLine, OwnerEmailFrame, ownerColors, ownerParagraph, ownerTexts } from './owner-parts.tsx'

export type WebhookPausedEmailProps = {
  /** The endpoint's URL (the owner's own input). */
  endpoint: string
  /** When its streak of failures began, as `YYYY-MM-DD HH:MM UTC`. */
  since: string
  reason: string
  consoleUrl?: string
}

function text(template: string, props: WebhookPausedEmailProps): string {
  return fill(template, { endpoint: props.endpoint, since: props.since, reason: props.reason })
}

/** Sent to every owner when the sender pauses an endpoint after days of failures (issue 41). */
function WebhookPausedEmail(props: WebhookPausedEmailProps) {
  const t = ownerTexts().webhookPaused
  return (
    <OwnerEmailFrame title={t.heading} preview={oneLine(text(t.body, props), 90)}>
      <Text style={ownerParagraph}>{text(t.body, props)}</Text>
      {props.consoleUrl ? (
        <Text style={ownerParagraph}>
          <Link href={props.consoleUrl} style={{ color: ownerColors.link, textDecoration: 'underline' }}>
            {t.openIntegrations}
          </Link>
        </Text>
      ) : null}
    </OwnerEmailFrame>
  )
}

WebhookPausedEmail.PreviewProps = {
  endpoint: 'https://hooks.example.com/launch',
  since: '2026-11-21 09:00 UTC',
  reason: 'every delivery failed for 5 days',
  consoleUrl: 'https://example.com/admin/integrations',
}

export async function renderWebhookPausedEmail(input: WebhookPausedEmailProps) {
  const email = <WebhookPausedEmail {...input} />
  const [html, plain] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject: oneLine(text(ownerTexts().webhookPaused.subject, input), 140), html, text: plain }
}
