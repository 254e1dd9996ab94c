/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep JSX working in every runtime that loads this file (tsx, Vitest, Deno), whatever tsconfig it finds.
// One look for every email: the palette, the frame, and the visitors' footer (the
// visitor templates had three copies of it).
import { Body, Container, Heading, Hr, Html, Head, Img, Link, Preview, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import type { ReactElement, ReactNode } from 'react'
import { TOKENS } from '../shared/design-tokens.ts'
import { DEFAULT_LOCALE, EMAIL_TEXTS, PRODUCT_NAMES, type Locale } from '../shared/content.ts'
import { directionOf } from '../shared/locales.ts'
import { LOGO_PATH } from './envelope.ts'

// The design tokens' light values as literals (email clients know no CSS variables); contrast on
// white: text 17.9:1, muted 7.6:1, link 7.9:1 (WCAG AA needs 4.5:1).
const light = TOKENS.light
export const palette = {
  text: light.fg,
  muted: light['fg-muted'],
  link: light.link,
  rule: light.border,
  page: light.page,
  surface: light.surface,
  /** A button's fill and its text: the brand, as on the page. */
  brand: light.brand,
  onBrand: light['on-brand'],
}

export const paragraph = { color: palette.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
export const small = { color: palette.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' }
export const link = { color: palette.link, textDecoration: 'underline' }

// Visitors read a narrower column with a larger heading; the owner's emails carry tables and quotes.
const SIZES = {
  visitor: { width: '560px', heading: { fontSize: '24px', lineHeight: '32px' } },
  owner: { width: '600px', heading: { fontSize: '22px', lineHeight: '30px' } },
}

export type EmailFrameProps = {
  /** The document's title; also the heading unless `heading` is given. */
  title: string
  /** The inbox's preview line. */
  preview: string
  heading?: string
  size: keyof typeof SIZES
  /** The language the email is written in (the sign-up's). */
  locale?: Locale
  children: ReactNode
}

export function EmailFrame({
  title,
  preview,
  heading = title,
  size,
  locale = DEFAULT_LOCALE,
  children,
}: EmailFrameProps) {
  const { width, heading: headingSize } = SIZES[size]
  // The language's direction on <html>, <body> and the main table (Outlook reads the table's),
  // and as text-align for the clients that drop `dir` (docs/decisions/direction.md).
  const dir = directionOf(locale)
  const textAlign = dir === 'rtl' ? 'right' : 'left'
  return (
    <Html lang={locale} dir={dir}>
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        dir={dir}
        lang={locale}
        style={{
          textAlign,
          backgroundColor: palette.page,
          fontFamily: 'Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          dir={dir}
          lang={locale}
          style={{ backgroundColor: palette.surface, maxWidth: width, padding: '32px', borderRadius: '8px', textAlign }}
        >
          {/* The site's origin is filled in by envelope(), the one place that knows PUBLIC_URL. */}
          <Img
            src={LOGO_PATH}
            width="40"
            height="40"
            alt={PRODUCT_NAMES[locale]}
            style={{ display: 'block', margin: '0 0 20px', borderRadius: '8px' }}
          />
          <Heading as="h1" style={{ color: palette.text, ...headingSize, margin: '0 0 16px' }}>
            {heading}
          </Heading>
          {children}
        </Container>
      </Body>
    </Html>
  )
}

/** "Cancel anytime" as the page promises it: the paragraph and the one-click link off the list. */
export function LeaveTheBeta({ url, locale = DEFAULT_LOCALE }: { url: string; locale?: Locale }) {
  const t = EMAIL_TEXTS[locale].common
  return (
    <>
      <Text style={paragraph}>{t.leaveIntro}</Text>
      <Section style={{ margin: '0 0 16px' }}>
        <Link href={url} style={{ color: palette.link, fontSize: '16px', textDecoration: 'underline' }}>
          {t.leaveLink}
        </Link>
      </Section>
    </>
  )
}

/** A visitor email's footer: why this address gets it (children), then the page it came from. */
export function VisitorFooter({
  siteUrl,
  locale = DEFAULT_LOCALE,
  children,
}: {
  siteUrl: string | undefined
  locale?: Locale
  children: ReactNode
}) {
  return (
    <>
      <Hr style={{ borderColor: palette.rule, margin: '24px 0 16px' }} />
      <Text style={small}>{children}</Text>
      {siteUrl ? (
        <Text style={small}>
          {`${PRODUCT_NAMES[locale]}: `}
          <Link href={siteUrl} style={link}>
            {siteUrl}
          </Link>
        </Text>
      ) : null}
    </>
  )
}

/** Throws unless each given URL is http(s) with no whitespace: a template never links elsewhere. */
export function requireHttpUrls(urls: Array<string | undefined>): void {
  for (const url of urls) {
    if (url !== undefined && !/^https?:\/\/\S+$/i.test(url))
      throw new Error(`Not an http(s) URL: ${JSON.stringify(url)}`)
  }
}

/** An email's subject with its HTML part and its plain-text part, both rendered from one element. */
export async function renderParts(
  subject: string,
  email: ReactElement,
): Promise<{ subject: string; html: string; text: string }> {
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })])
  return { subject, html, text }
}
