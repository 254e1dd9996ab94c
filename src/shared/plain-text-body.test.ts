import { describe, expect, test } from 'vitest'
import { bodyAsText, isHttpUrl, parseBody } from './plain-text-body.ts'

describe('the messages’ text format', () => {
  test('paragraphs split on blank lines; single line breaks are kept', () => {
    expect(parseBody('One\ntwo\n\n\nThree\r\n\r\nFour  ')).toEqual([
      [[{ text: 'One' }], [{ text: 'two' }]],
      [[{ text: 'Three' }]],
      [[{ text: 'Four' }]],
    ])
    expect(parseBody('  \n\n ')).toEqual([])
  })

  test('named and bare http(s) links become links; trailing punctuation stays text', () => {
    expect(parseBody('See [the notes](https://example.com/n?a=1&b=2) or https://example.com/x.')).toEqual([
      [
        [
          { text: 'See ' },
          { text: 'the notes', href: 'https://example.com/n?a=1&b=2' },
          { text: ' or ' },
          { text: 'https://example.com/x', href: 'https://example.com/x' },
          { text: '.' },
        ],
      ],
    ])
  })

  test('any other target stays text, as typed', () => {
    for (const target of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'https://user:pw@example.com/',
    ]) {
      const body = `Click [here](${target})`
      expect(parseBody(body)).toEqual([[[{ text: body }]]])
    }
    expect(parseBody('<script>alert(1)</script>')).toEqual([[[{ text: '<script>alert(1)</script>' }]]])
  })

  test('isHttpUrl accepts only absolute http(s) URLs without credentials', () => {
    expect(isHttpUrl('https://example.com')).toBe(true)
    expect(isHttpUrl('HTTP://example.com/a')).toBe(true)
    expect(isHttpUrl('ftp://example.com')).toBe(false)
    expect(isHttpUrl('https://a:b@example.com')).toBe(false)
    expect(isHttpUrl('https://')).toBe(false)
  })

  test('the plain-text form names each link’s target, never directly before punctuation', () => {
    expect(bodyAsText(parseBody('Read [this](https://example.com/a).\nOr https://example.com/b\n\nBye'))).toBe(
      'Read this: https://example.com/a .\nOr https://example.com/b\n\nBye',
    )
    expect(bodyAsText(parseBody('See https://example.com/x, then (https://example.com/y)!'))).toBe(
      'See https://example.com/x , then (https://example.com/y )!',
    )
  })
})
