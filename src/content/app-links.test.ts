import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import {
  AASA_FILE,
  AASA_MAX_BYTES,
  ASSET_LINKS_FILE,
  assetLinksNote,
  checkAppSiteAssociation,
  checkAssetLinks,
} from './app-links.ts'

// The app-link files as Apple and Google read them: a content folder with only these in it.
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
function withFile(file: string, body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'app-links-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'public/.well-known'), { recursive: true })
  writeFileSync(join(dir, file), body)
  return dir
}
const keysOf = (problems: { key: string }[]) => problems.map((p) => p.key)

const AASA = { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], components: [{ '/': '/app*' }] }] } }
const PRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':')
const PRINT2 = PRINT.replace(/^../, 'FF')
const statement = (prints: string[], pkg = 'com.example.app') => ({
  relation: ['delegate_permission/common.handle_all_urls'],
  target: { namespace: 'android_app', package_name: pkg, sha256_cert_fingerprints: prints },
})

test('no files, no problems and no note', () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-links-'))
  dirs.push(dir)
  expect([...checkAppSiteAssociation(dir), ...checkAssetLinks(dir)]).toEqual([])
  expect(assetLinksNote(dir)).toBeNull()
})

test("apple-app-site-association: JSON, under Apple's 128 KB, each app TEAMID.bundle", () => {
  expect(checkAppSiteAssociation(withFile(AASA_FILE, JSON.stringify(AASA)))).toEqual([])
  // The older single appID is read too.
  const single = { applinks: { details: [{ appID: 'ABCDE12345.com.example.app', paths: ['/app'] }] } }
  expect(checkAppSiteAssociation(withFile(AASA_FILE, JSON.stringify(single)))).toEqual([])

  expect(checkAppSiteAssociation(withFile(AASA_FILE, '{"applinks": '))[0]).toMatchObject({
    file: AASA_FILE,
    message: expect.stringMatching(/^is not JSON/),
  })
  expect(keysOf(checkAppSiteAssociation(withFile(AASA_FILE, '{"webcredentials": {}}')))).toEqual(['applinks.details'])
  const badIds = {
    applinks: { details: [{ appIDs: ['com.example.app'] }, { appIDs: ['ABCDE12345.com.example.app'] }] },
  }
  expect(keysOf(checkAppSiteAssociation(withFile(AASA_FILE, JSON.stringify(badIds))))).toEqual([
    'applinks.details[0].appIDs',
  ])
  const huge = JSON.stringify({ ...AASA, padding: 'x'.repeat(AASA_MAX_BYTES) })
  expect(checkAppSiteAssociation(withFile(AASA_FILE, huge)).map((p) => p.message)).toEqual([
    "is over Apple's limit of 128 KB",
  ])
})

test('assetlinks.json: the relation, android_app, the package name and SHA-256 fingerprints', () => {
  expect(checkAssetLinks(withFile(ASSET_LINKS_FILE, JSON.stringify([statement([PRINT, PRINT2])])))).toEqual([])
  const bad = [
    { relation: ['delegate_permission/common.get_login_creds'], target: { namespace: 'web', package_name: 'app' } },
    statement([PRINT.toLowerCase()], 'com.example.app'),
  ]
  expect(keysOf(checkAssetLinks(withFile(ASSET_LINKS_FILE, JSON.stringify(bad))))).toEqual([
    '[0].relation',
    '[0].target.namespace',
    '[0].target.package_name',
    '[0].target.sha256_cert_fingerprints',
    '[1].target.sha256_cert_fingerprints',
  ])
  expect(keysOf(checkAssetLinks(withFile(ASSET_LINKS_FILE, '{}')))).toEqual([''])
})

test("one fingerprint gets a reminder that Play's app-signing key and the upload key both belong there", () => {
  expect(assetLinksNote(withFile(ASSET_LINKS_FILE, JSON.stringify([statement([PRINT])])))).toMatch(
    /app-signing key and your upload key/,
  )
  expect(assetLinksNote(withFile(ASSET_LINKS_FILE, JSON.stringify([statement([PRINT, PRINT2])])))).toBeNull()
})
