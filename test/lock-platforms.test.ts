import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { type Lock, missingOptionalEntries } from '../scripts/lock-platforms.ts'

test('every optional dependency in the committed lock has an entry, so `npm ci` accepts it', async () => {
  const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as Lock
  expect(missingOptionalEntries(lock)).toEqual([])
})

test('a platform build missing from the lock is reported; one nested or hoisted is found', () => {
  const lock: Lock = {
    packages: {
      '': { optionalDependencies: { fsevents: '2.3.3' } },
      'node_modules/fsevents': {},
      'node_modules/@tailwindcss/oxide': {
        optionalDependencies: {
          '@tailwindcss/oxide-linux-x64-gnu': '4.3.5',
          '@tailwindcss/oxide-darwin-arm64': '4.3.5',
        },
      },
      'node_modules/@tailwindcss/oxide-linux-x64-gnu': {},
      'node_modules/a/node_modules/b': { optionalDependencies: { c: '1.0.0', d: '1.0.0' } },
      'node_modules/a/node_modules/c': {},
      'node_modules/d': {},
    },
  }
  expect(missingOptionalEntries(lock)).toEqual([
    'node_modules/@tailwindcss/oxide → @tailwindcss/oxide-darwin-arm64@4.3.5',
  ])
})
