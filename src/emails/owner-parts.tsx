/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The owner's emails: the one frame and palette of every email (frame.tsx), in the owner's size.
import type { ReactNode } from 'react'
import { EmailFrame, palette, paragraph, small } from './frame.tsx'

export const ownerColors = palette
export const ownerParagraph = paragraph
export const ownerSmall = small

export function OwnerEmailFrame(props: { title: string; preview: string; children: ReactNode }) {
  return (
    <EmailFrame size="owner" title={props.title} preview={props.preview}>
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
