import { expect, test } from 'vitest'
import { fill } from './content-types.ts'
import { FSI, fillIsolated, firstStrongDirection, isolate, PDI, scriptDirection } from './direction.ts'

test("a language's direction is its script's, region or not", () => {
  for (const tag of ['ar', 'ar-JO', 'he', 'fa', 'ur', 'ps', 'sd', 'ckb', 'yi', 'dv'])
    expect(scriptDirection(tag), tag).toBe('rtl')
  // Beyond the list, the script's own: Uyghur (Arabic script), Syriac, N'Ko.
  for (const tag of ['ug', 'syr', 'nqo']) expect(scriptDirection(tag), tag).toBe('rtl')
  for (const tag of ['en', 'de-AT', 'fr', 'ja', 'pt-BR']) expect(scriptDirection(tag), tag).toBe('ltr')
})

test('an engine without textInfo still knows the right-to-left languages, and Intl knows the rest', () => {
  const Locale = Intl.Locale
  class Bare extends Locale {
    get textInfo() {
      return undefined
    }
  }
  const intl = Intl as { Locale: unknown }
  intl.Locale = Bare
  try {
    expect(scriptDirection('ar-JO')).toBe('rtl')
    expect(scriptDirection('ckb')).toBe('rtl')
    expect(scriptDirection('en')).toBe('ltr')
  } finally {
    intl.Locale = Locale
  }
})

test('a value of the other direction is isolated; one of the same direction is left as it is', () => {
  expect(isolate('Nabd Studio LLC', 'rtl')).toBe(`${FSI}Nabd Studio LLC${PDI}`)
  expect(isolate('نبض', 'ltr')).toBe(`${FSI}نبض${PDI}`)
  expect(isolate('Acme Tools', 'ltr')).toBe('Acme Tools')
  expect(isolate('نبض', 'rtl')).toBe('نبض')
  expect(isolate('2026', 'rtl')).toBe('2026')
  expect(firstStrongDirection('{product} هو')).toBe('ltr')
  expect(firstStrongDirection('12 – هو')).toBe('rtl')
})

test("placeholders are isolated against their text's direction, but never inside a link's target", () => {
  const values: Record<string, string> = { company: 'Nabd Studio LLC', contact: 'hello@nabd.example' }
  const line = 'تدير {company} الموقع. راسلنا على [{contact}](mailto:{contact}).'
  expect(fillIsolated(line, (n) => values[n])).toBe(
    `تدير ${FSI}Nabd Studio LLC${PDI} الموقع. راسلنا على [${FSI}hello@nabd.example${PDI}](mailto:hello@nabd.example).`,
  )
  // Left to right with left-to-right values: byte for byte as before.
  expect(fillIsolated('{company} runs it', (n) => values[n])).toBe('Nabd Studio LLC runs it')
  // A runtime value (a person's name in the owner's email) too.
  expect(fill('رسالة من {name}', { name: 'Ada' })).toBe(`رسالة من ${FSI}Ada${PDI}`)
  expect(fill('A message from {name}', { name: 'ليلى' })).toBe(`A message from ${FSI}ليلى${PDI}`)
  expect(fill('A message from {name}', { name: 'Ada' })).toBe('A message from Ada')
})
