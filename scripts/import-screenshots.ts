// Screenshots of the console's "Import a list" preview (issue 42, item 4) for docs/screenshots,
// at 390x844 and 1440x900; on the way, `npm run owner -- import --dry-run` through the running
// server (the CLI's path while the server holds the PGlite folder).
// Usage: npm run build && tsx scripts/import-screenshots.ts
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS, SAMPLE_NAMES, startScreenshotServer } from './screenshot-server.ts'

const scratch = mkdtempSync(join(tmpdir(), 'import-shots-'))
const server = await startScreenshotServer('import', { BACKUP_DIR: join(scratch, 'backups') })
try {
  for (let i = 0; i < 6; i++)
    await fetch(`${server.base}/rest/v1/beta_signups`, {
      method: 'POST',
      headers: ANON_HEADERS,
      body: JSON.stringify({ email: `${SAMPLE_NAMES[i % SAMPLE_NAMES.length]}${i}@example.com` }),
    })
  // A waitlist tool's export: `;`, a BOM, dates, languages, a repeat, two already on the list, bad rows.
  const lines = ['\uFEFFEmail Address;Name;Signed up at;Language']
  for (let i = 0; i < 40; i++) {
    const name = SAMPLE_NAMES[(i + 3) % SAMPLE_NAMES.length]!
    lines.push(
      `${name}.${i + 100}@example.org;${name} ${i};2026-0${(i % 9) + 1}-1${i % 10} 09:30;${i % 4 ? 'en' : 'de'}`,
    )
  }
  lines.push(`${SAMPLE_NAMES[0]}0@example.com;Already;;`, `${SAMPLE_NAMES[1]}1@example.com;Already;;`)
  lines.push(`${SAMPLE_NAMES[3]}.100@EXAMPLE.org;Repeat;;`, 'see attached;Broken;;', ';No address;;')
  const file = join(scratch, 'waitlist-export.csv')
  writeFileSync(file, lines.join('\r\n'))
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', 'import', file, '--dry-run'], {
    env: {
      ...process.env,
      PGLITE_DIR: server.pgliteDir,
      PORT: new URL(server.base).port,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await browser.newPage()
  await page.goto(server.ownerLink())
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('h1')
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.goto(`${server.base}/admin/signups`)
    await page.reload()
    await page.getByLabel('CSV file').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    const card = page.getByRole('region', { name: 'Import a list' })
    await card.getByRole('button', { name: /^Import \d+ people$/ }).waitFor()
    await card.getByText(/not imported/).click()
    await card.screenshot({ path: `docs/screenshots/console-import-preview-${w}.png` })
  }
  await browser.close()
} finally {
  await server.stop()
  rmSync(scratch, { recursive: true, force: true })
}
