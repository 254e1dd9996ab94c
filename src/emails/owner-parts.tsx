/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Shared look of the emails the owner receives (plain, like the welcome email).
import { Body, Container, Head, Heading, Html, Preview } from '@react-email/components'
import type { ReactNode } from 'react'

export const ownerColors = { text: '#1f2937', muted: '#4b5563', link: '#1d4ed8', rule: '#e5e7eb', page: '#f3f4f6' }
export const ownerParagraph = { color: ownerColors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }
export const ownerSmall = { color: ownerColors.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' }

export function OwnerEmailFrame(props: { title: string; preview: string; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{props.title}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          backgroundColor: ownerColors.page,
          fontFamily: 'Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', padding: '32px', borderRadius: '8px' }}>
          <Heading
            as="h1"
            style={{ color: ownerColors.text, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}
          >
            {props.title}
          </Heading>
          {props.children}
        </Container>
      </Body>
    </Html>
  )
}

/** Header-bound text from a visitor: control characters (line breaks included) become spaces. */
export function oneLine(value: string, max = 80): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
