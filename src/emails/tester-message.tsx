/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
import { Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { Fragment } from 'react'
import { DEFAULT_LOCALE, EMAIL_TEXTS, PRODUCT_NAMES } from '../shared/content.ts'
import { bodyAsText, parseBody, type Paragraph } from '../shared/plain-text-body.ts'
import { EmailFrame, link, paragraph, requireHttpUrls } from './frame.tsx'
import { StoreButtons, TesterEmailEnd, testerButton, type TesterLinks } from './tester-parts.tsx'

export type TesterMessageEmailProps = TesterLinks & {
  subject: string
  /** The owner's text, in the small format of src/shared/plain-text-body.ts. */
  body: string
}

function Body({ paragraphs }: { paragraphs: Paragraph[] }) {
  return paragraphs.map((lines, i) => (
    <Text key={i} style={paragraph}>
      {lines.map((runs, j) => (
        <Fragment key={j}>
          {j > 0 ? <br /> : null}
          {runs.map((run, k) =>
            'href' in run ? (
              <Link key={k} href={run.href} style={link}>
                {run.text}
              </Link>
            ) : (
              <Fragment key={k}>{run.text}</Fragment>
            ),
          )}
        </Fragment>
      ))}
    </Text>
  ))
}

/** A message from the owner to a group of the beta list, in the visitors' frame. */
function TesterMessageEmail(props: TesterMessageEmailProps) {
  const { subject, body, iosUrl, androidUrl, appUrl, locale = DEFAULT_LOCALE } = props
  const t = EMAIL_TEXTS[locale].testerMessage
  const paragraphs = parseBody(body)
  const first = paragraphs[0]?.map((line) => line.map((r) => r.text).join('')).join(' ') ?? subject
  return (
    <EmailFrame size="visitor" locale={locale} title={subject} preview={first.slice(0, 140)}>
      <Body paragraphs={paragraphs} />
      {appUrl !== undefined ? (
        <Section style={{ margin: '0 0 16px' }}>
          <Link href={appUrl} style={testerButton}>
            {t.getApp}
          </Link>
        </Section>
      ) : null}
      <StoreButtons iosUrl={iosUrl} androidUrl={androidUrl} locale={locale} />
      <TesterEmailEnd {...props} footer={t.footer} locale={locale} />
    </EmailFrame>
  )
}

TesterMessageEmail.PreviewProps = {
  subject: 'A new beta build is out',
  body: 'Hi,\n\nA new build is out. Read [the notes](https://example.com/notes).\n\nThanks!',
  iosUrl: 'https://example.com/beta/ios?token=preview',
  feedbackUrl: 'https://example.com/beta/feedback?token=preview',
  unsubscribeUrl: 'https://example.com/unsubscribe?token=preview',
  siteUrl: 'https://example.com',
} satisfies TesterMessageEmailProps

/**
 * Renders a message to its subject, HTML part and plain-text part. The plain text is written
 * here, not converted from the HTML: the owner's text as typed, each link as `words: url` (never directly before punctuation).
 */
export async function renderTesterMessageEmail(
  input: TesterMessageEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  requireHttpUrls([
    input.appUrl,
    input.iosUrl,
    input.androidUrl,
    input.feedbackUrl,
    input.unsubscribeUrl,
    input.siteUrl,
  ])
  if (/[\r\n]/.test(input.subject)) throw new Error('A subject is one line')
  const html = await render(<TesterMessageEmail {...input} />)
  const { testerMessage: t, common } = EMAIL_TEXTS[input.locale ?? DEFAULT_LOCALE]
  const text = [
    bodyAsText(parseBody(input.body)),
    ...(input.appUrl ? [`${t.getApp}: ${input.appUrl}`] : []),
    ...(input.iosUrl ? [`${common.joinIos}: ${input.iosUrl}`] : []),
    ...(input.androidUrl ? [`${common.joinAndroid}: ${input.androidUrl}`] : []),
    ...(input.feedbackUrl ? [`${common.feedbackPlain} ${input.feedbackUrl}`] : []),
    `${common.leaveIntro} ${input.unsubscribeUrl}`,
    `-- \n${t.footer}${input.siteUrl ? `\n${PRODUCT_NAMES[input.locale ?? DEFAULT_LOCALE]}: ${input.siteUrl}` : ''}`,
  ].join('\n\n')
  return { subject: input.subject, html, text }
}
