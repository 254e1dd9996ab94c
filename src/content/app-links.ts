import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Problem } from './problems.ts'

// The app-link files a founder drops in content/public/.well-known/: Apple's Universal Links file
// and Android's Digital Asset Links. A mistake in either fails silently on phones (the link opens
// the browser), so the check reads them as Apple and Google do.

export const AASA_FILE = 'public/.well-known/apple-app-site-association'
export const ASSET_LINKS_FILE = 'public/.well-known/assetlinks.json'

/** Apple stops reading the file past 128 KB. */
export const AASA_MAX_BYTES = 128 * 1024
// TEAMID.bundle.id: a 10-character team id, then the bundle id.
const APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/
// An Android application id: two or more segments, each starting with a letter.
const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/
// A SHA-256 certificate fingerprint as keytool and the Play Console print it.
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/
const HANDLE_ALL_URLS = 'delegate_permission/common.handle_all_urls'

type Json = unknown
const isObject = (x: Json): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x)

function readJson(dir: string, file: string, problems: Problem[]): Json | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json
  } catch (err) {
    problems.push({ file, key: '', message: `is not JSON: ${(err as Error).message}` })
    return undefined
  }
}

/** Problems of content/public/.well-known/apple-app-site-association, when there is one. */
export function checkAppSiteAssociation(dir: string): Problem[] {
  const file = AASA_FILE
  if (!existsSync(join(dir, file))) return []
  const problems: Problem[] = []
  if (statSync(join(dir, file)).size > AASA_MAX_BYTES)
    problems.push({ file, key: '', message: `is over Apple's limit of 128 KB` })
  const json = readJson(dir, file, problems)
  if (json === undefined) return problems
  if (!isObject(json) || !isObject(json.applinks) || !Array.isArray(json.applinks.details)) {
    problems.push({ file, key: 'applinks.details', message: 'missing: Universal Links need a list of apps and paths' })
    return problems
  }
  json.applinks.details.forEach((detail, i) => {
    const key = `applinks.details[${i}]`
    const ids = isObject(detail) ? (Array.isArray(detail.appIDs) ? detail.appIDs : [detail.appID]) : []
    if (ids.length === 0 || ids.some((id) => typeof id !== 'string' || !APP_ID.test(id)))
      problems.push({
        file,
        key: `${key}.appIDs`,
        message: 'each app is TEAMID.bundle.id (your 10-character team id, a dot, the bundle id)',
      })
  })
  return problems
}

/** Problems of content/public/.well-known/assetlinks.json, when there is one. */
export function checkAssetLinks(dir: string): Problem[] {
  const file = ASSET_LINKS_FILE
  if (!existsSync(join(dir, file))) return []
  const problems: Problem[] = []
  const json = readJson(dir, file, problems)
  if (json === undefined) return problems
  if (!Array.isArray(json) || json.length === 0) {
    problems.push({ file, key: '', message: 'must be a list of statements' })
    return problems
  }
  json.forEach((statement, i) => {
    const at = (key: string) => `[${i}].${key}`
    const target = isObject(statement) && isObject(statement.target) ? statement.target : {}
    if (!isObject(statement) || !Array.isArray(statement.relation) || !statement.relation.includes(HANDLE_ALL_URLS))
      problems.push({ file, key: at('relation'), message: `must include "${HANDLE_ALL_URLS}"` })
    if (target.namespace !== 'android_app')
      problems.push({ file, key: at('target.namespace'), message: 'must be "android_app"' })
    if (typeof target.package_name !== 'string' || !PACKAGE.test(target.package_name))
      problems.push({ file, key: at('target.package_name'), message: 'must be the app id, such as com.example.app' })
    const prints = target.sha256_cert_fingerprints
    if (
      !Array.isArray(prints) ||
      prints.length === 0 ||
      prints.some((p) => typeof p !== 'string' || !FINGERPRINT.test(p))
    )
      problems.push({
        file,
        key: at('target.sha256_cert_fingerprints'),
        message: 'each is a SHA-256 fingerprint: 32 pairs of capital hex digits joined by ":"',
      })
  })
  return problems
}

/**
 * A reminder for a valid assetlinks.json with one fingerprint per app: Play signs store builds with
 * its own app-signing key, so both that key's and the upload key's fingerprints belong there, or
 * links verify for one build and not the other. Null when there is nothing to say.
 */
export function assetLinksNote(dir: string): string | null {
  if (!existsSync(join(dir, ASSET_LINKS_FILE)) || checkAssetLinks(dir).length > 0) return null
  const statements = JSON.parse(readFileSync(join(dir, ASSET_LINKS_FILE), 'utf8')) as {
    target: { sha256_cert_fingerprints: string[] }
  }[]
  if (statements.every((s) => s.target.sha256_cert_fingerprints.length > 1)) return null
  return `content/${ASSET_LINKS_FILE}: list both Play's app-signing key and your upload key (Play Console, App integrity), or App Links verify for one build and not the other`
}
