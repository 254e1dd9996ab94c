import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDocument } from 'yaml'
import { readFileSync } from 'node:fs'
import { afterEach, expect, test } from 'vitest'
import { checkContent } from '../src/content/checks.ts'
import { moduleSource } from '../src/content/generate.ts'
import { loadContent, REPO_ROOT } from '../src/content/load.ts'
import type { Problem } from '../src/content/problems.ts'
import { storeContent, TEST_STORES, type StoreSetup } from './support/store-content.ts'

// content:check's rules for `stores` and the badges (docs/decisions/stores-and-badges.md), on
// copies of the demo's content/ at each stage of the launch.

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function content(setup: StoreSetup): string {
  const dir = storeContent(setup)
  made.push(dir)
  return dir
}

function problems(dir: string): Problem[] {
  const loaded = loadContent(dir)
  return loaded.content ? [...loaded.problems, ...checkContent(loaded.content, dir)] : loaded.problems
}

function editSite(dir: string, edit: (doc: ReturnType<typeof parseDocument>) => void): void {
  const doc = parseDocument(readFileSync(join(dir, 'site.yaml'), 'utf8'))
  edit(doc)
  writeFileSync(join(dir, 'site.yaml'), doc.toString())
}

test('the App Store live and Play in closed testing: no problems; the module holds the stores and the App Store badge only', () => {
  const dir = content({ appStore: 'live', googlePlay: 'beta' })
  expect(problems(dir)).toEqual([])
  const loaded = loadContent(dir)
  expect(loaded.content!.stores).toEqual({
    appStore: { ...TEST_STORES.appStore, live: true },
    googlePlay: { ...TEST_STORES.googlePlay, live: false },
  })
  const source = moduleSource(loaded.content!, dir)
  expect(source).toMatch(
    /export const STORE_BADGES[^=]*= \{\s*"appStore": \{\s*"src": "\/assets\/badge-app-store-[0-9a-f]{10}\.svg",\s*"width": 135,\s*"height": 40/,
  )
  expect(source).not.toContain('badge-google-play')
})

test('`live` defaults to false, and a store may be left out', () => {
  const dir = content({ appStore: 'absent', googlePlay: 'beta' })
  editSite(dir, (doc) => doc.setIn(['stores', 'googlePlay'], { url: TEST_STORES.googlePlay.url }))
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([])
  expect(loaded.content!.stores).toEqual({ googlePlay: { url: TEST_STORES.googlePlay.url, live: false } })
})

test('a Play badge while Play is not live fails, naming the file and the reason; so does one with no Play entry', () => {
  for (const googlePlay of ['beta', 'absent'] as const) {
    const dir = content({ appStore: 'live', googlePlay, playBadge: true })
    expect(problems(dir)).toEqual([
      {
        file: 'brand/badges/google-play.svg',
        key: '',
        message: expect.stringContaining(
          "Google Play is not live (stores.googlePlay.live is not true): Google's badge may only promote an app available on Google Play",
        ),
      },
    ])
  }
})

test('a live store needs its url, its badge and (the App Store) its id; urls on the stores’ hosts; every problem at once', () => {
  const dir = content({ appStore: 'live', googlePlay: 'live' })
  rmSync(join(dir, 'brand/badges/google-play.svg'))
  editSite(dir, (doc) => {
    doc.deleteIn(['stores', 'appStore', 'url'])
    doc.deleteIn(['stores', 'appStore', 'appId'])
    doc.setIn(['stores', 'googlePlay', 'url'], 'https://play.example.com/store/apps/details?id=x')
  })
  expect(problems(dir).map((p) => `${p.file}: ${p.key}`)).toEqual([
    'site.yaml: stores.appStore.url',
    'site.yaml: stores.appStore.appId',
    'site.yaml: stores.googlePlay.url',
    'brand/badges/google-play.svg: ',
  ])

  editSite(dir, (doc) => {
    doc.setIn(['stores', 'appStore', 'url'], 'http://apps.apple.com/app/id1')
    doc.setIn(['stores', 'appStore', 'appId'], 'id123')
    doc.setIn(['stores', 'googlePlay', 'url'], 'https://play.google.com/store/apps/details')
  })
  const loaded = loadContent(dir)
  expect(loaded.problems).toEqual([
    { file: 'site.yaml', key: 'stores.appStore.appId', message: expect.stringContaining('must be the digits') },
  ])
  editSite(dir, (doc) => doc.setIn(['stores', 'appStore', 'appId'], '1'))
  expect(problems(dir).map((p) => `${p.key}: ${p.message}`)).toEqual([
    expect.stringMatching(/^stores\.appStore\.url: must be your listing on the App Store \(https:\/\/apps\.apple\.com/),
    expect.stringMatching(/^stores\.googlePlay\.url: must name your app's package/),
    expect.stringMatching(/^: missing: stores\.googlePlay\.live is true/),
  ])
})

test("each language needs the texts its stage shows: the live badges' alt texts, the beta phone's heading", () => {
  const dir = content({ appStore: 'live', googlePlay: 'beta' })
  editSite(dir, (doc) => doc.deleteIn(['texts', 'stores', 'signupAndroidHeading']))
  const locales = loadContent(dir).content!.locales
  const de = join(dir, 'locales', `${locales[1]}.yaml`)
  const doc = parseDocument(readFileSync(de, 'utf8'))
  doc.deleteIn(['texts', 'stores', 'appStoreAlt'])
  writeFileSync(de, doc.toString())
  expect(problems(dir).map((p) => `${p.file}: ${p.key}`)).toEqual([
    'site.yaml: texts.stores.signupAndroidHeading',
    `locales/${locales[1]}.yaml: texts.stores.appStoreAlt`,
  ])
})

test(
  'the build step fails on a Play badge while Play is in closed testing, with the file and the reason',
  { timeout: 60_000 },
  () => {
    const dir = content({ appStore: 'live', googlePlay: 'beta', playBadge: true })
    for (const command of ['content:check', 'content:build']) {
      const r = spawnSync('npm', ['run', '--silent', command], {
        env: { ...process.env, CONTENT_DIR: dir },
        encoding: 'utf8',
        cwd: REPO_ROOT,
      })
      expect(r.status, command).toBe(1)
      expect(r.stderr).toMatch(/\/brand\/badges\/google-play\.svg: Google Play is not live/)
    }
  },
)
