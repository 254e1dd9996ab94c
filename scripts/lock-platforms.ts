// `npm ci` refuses a lock file in which a locked package declares an optional dependency
// (a platform build such as @tailwindcss/oxide-darwin-arm64) that has no entry of its own.
// That happens when the registry lacks a platform build of the exact version, so
// `npm install` succeeds here and records nothing. This check finds such gaps
// before a container build or a founder's `npm ci` does. Run: `tsx scripts/lock-platforms.ts`.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

type LockEntry = { optionalDependencies?: Record<string, string>; link?: boolean }
export type Lock = { packages: Record<string, LockEntry> }

/** Node's resolution: the dependency's folder under the package, then under each ancestor. */
function resolves(lock: Lock, from: string, name: string): boolean {
  let base = from
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
    if (candidate in lock.packages) return true
    if (!base) return false
    const cut = base.lastIndexOf('/node_modules/')
    base = cut === -1 ? '' : base.slice(0, cut)
  }
}

/** Each "package → optional dependency" pair that the lock declares but does not list. */
export function missingOptionalEntries(lock: Lock): string[] {
  const missing: string[] = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolves(lock, path, name)) missing.push(`${path || '(root)'} → ${name}@${range}`)
    }
  }
  return missing
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? 'package-lock.json'
  const missing = missingOptionalEntries(JSON.parse(readFileSync(file, 'utf8')) as Lock)
  if (missing.length > 0) {
    console.error(
      `${file}: ${missing.length} optional platform packages have no entry, so \`npm ci\` will refuse it.\n` +
        `Pin versions whose every platform build is on the registry (npm view PACKAGE versions), then reinstall:\n` +
        missing.map((m) => `  ${m}`).join('\n'),
    )
    process.exit(1)
  }
  console.log(`${file}: every optional dependency has an entry`)
}
