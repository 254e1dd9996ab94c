import { describe, expect, test } from 'vitest'
import { defineFeature } from './feature.ts'
import { FEATURES, NOT_ABOUT_A_PERSON, PERSON_DATA, personDataOf } from './features.ts'
import { MAIL_PERSON_DATA } from './mail-person-data.ts'
import { mergeNotAboutAPerson, orderPersonData, type PersonSource } from './person-data.ts'

// Each feature declares its own person-data sources; the erasure order is computed from what each
// entry must run before, not from where it sits, and a wrong declaration stops the server at start.

const source = (table: string, before?: string[], erase: PersonSource['erase'] = { sql: `delete ${table}` }) => ({
  table,
  rows: `select ${table}`,
  erase,
  ...(before ? { before } : {}),
})
const tables = (list: readonly PersonSource[]) => list.map((s) => s.table)

describe('the order of person-data sources', () => {
  test('each entry comes after what must run before it; the rest keep the order given', () => {
    const ordered = orderPersonData([
      source('signups'),
      source('messages'),
      source('answers', ['signups']),
      source('states', ['messages'], { cascadesFrom: 'messages' }),
      source('events', ['signups', 'answers']),
      source('queue'),
    ])
    expect(tables(ordered)).toEqual(['events', 'answers', 'signups', 'states', 'messages', 'queue'])
  })

  test('the same entries give the same order, whichever run it is', () => {
    const list = [source('a'), source('b', ['a']), source('c', ['a']), source('d')]
    expect(tables(orderPersonData(list))).toEqual(tables(orderPersonData([...list])))
    expect(tables(orderPersonData(list))).toEqual(['b', 'c', 'a', 'd'])
  })

  test('a cycle, an unknown table, a table declared twice or a cascade from a kept table is an error naming them', () => {
    expect(() => orderPersonData([source('a', ['b']), source('b', ['c']), source('c', ['a'])])).toThrow(
      'person data: a cycle: a runs before b runs before c runs before a',
    )
    expect(() => orderPersonData([source('a', ['a'])])).toThrow(/cycle: a runs before a/)
    expect(() => orderPersonData([source('a', ['public.nowhere'])])).toThrow(
      /a runs before public\.nowhere, which no feature declares/,
    )
    expect(() => orderPersonData([source('a'), source('a')])).toThrow(/a is declared twice/)
    expect(() => orderPersonData([source('a', [], { cascadesFrom: 'b' })])).toThrow(
      /a cascades from b, which erasure does not delete/,
    )
    expect(() => orderPersonData([source('b', [], { kept: 'why' }), source('a', [], { cascadesFrom: 'b' })])).toThrow(
      /a cascades from b/,
    )
    expect(() => mergeNotAboutAPerson([{ a: 'why' }], [source('a')])).toThrow(/a is declared twice/)
    expect(() => mergeNotAboutAPerson([{ x: 'why' }, { x: 'again' }], [])).toThrow(/x is declared twice/)
  })
})

describe("the server's list", () => {
  test('is every feature’s entries and the mail infrastructure’s, each once, each after what it must follow', () => {
    const declared = [...FEATURES.flatMap((f) => f.personData ?? []), ...MAIL_PERSON_DATA]
    expect(tables(PERSON_DATA).sort()).toEqual(tables(declared).sort())
    expect(new Set(tables(PERSON_DATA)).size).toBe(PERSON_DATA.length)
    const at = (table: string) => tables(PERSON_DATA).indexOf(table)
    let constraints = 0
    for (const s of PERSON_DATA)
      for (const later of s.before ?? []) {
        expect(at(s.table), `${s.table} before ${later}`).toBeLessThan(at(later))
        constraints++
      }
    // The sign-up's children find their rows through it (the check above has something to check).
    expect(constraints).toBeGreaterThanOrEqual(4)
    expect(at('app_private.play_testers')).toBeLessThan(at('public.beta_signups'))
    expect(Object.keys(NOT_ABOUT_A_PERSON)).toContain('app_private.owner_emails')
  })

  test('a feature naming a table no feature declares, or closing a cycle, fails the assembly (as at start)', () => {
    const stray = defineFeature({
      name: 'probe',
      personData: [source('app_private.probe', ['app_private.no_such_table'])],
    })
    expect(() => personDataOf([...FEATURES, stray])).toThrow(/app_private\.no_such_table, which no feature declares/)
    // The sign-up made to run before one of its children: a cycle through public.beta_signups.
    const loop = defineFeature({
      name: 'probe',
      personData: [source('app_private.probe', ['app_private.play_answers'])],
    })
    const signupsFirst = FEATURES.map((f) =>
      f.name === 'signups'
        ? { ...f, personData: f.personData!.map((s) => ({ ...s, before: ['app_private.probe'] })) }
        : f,
    )
    expect(() => personDataOf([...signupsFirst, loop])).toThrow(/cycle: .*public\.beta_signups/)
    expect(tables(personDataOf(FEATURES))).toEqual(tables(PERSON_DATA))
  })
})
