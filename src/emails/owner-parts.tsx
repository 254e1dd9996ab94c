/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The owner's emails: the one frame and palette of every email (frame.tsx), in the owner's size.
import type { ReactNode } from 'react'
import { DEFAULT_LOCALE, EMAIL_TEXTS } from '../shared/content.ts'
import { EmailFrame, palette, paragraph, small } from './frame.tsx'

/**
 * The owner's emails' words: content (`texts.emails` in content/site.yaml), in the default
 * language, as the console (docs/decisions/owner-email-texts.md).
 */
export const ownerTexts = () => EMAIL_TEXTS[DEFAULT_LOCALE]

export const ownerColors = palette
export const ownerParagraph = paragraph
export const ownerSmall = small

export function OwnerEmailFrame(props: { title: string; preview: string; children: ReactNode }) {
  return (
    <EmailFrame size="owner" locale={DEFAULT_LOCALE} title={props.title} preview={props.preview}>
      {props.children}
    </EmailFrame>
  )
}

/** Header-bound text from a visitor: control characters (line breaks included) become spaces. */
export function oneLine(value: string, max = 80): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
