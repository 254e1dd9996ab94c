// Screenshots of the console's backup card (issue 42) for docs/screenshots: no backup yet (the
// warning), then after `npm run owner -- backup` through the running server. 390x844 and 1440x900.
// Usage: npm run build && tsx scripts/backup-screenshots.ts
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { ANON_HEADERS, SAMPLE_NAMES, startScreenshotServer } from './screenshot-server.ts'

const backups = mkdtempSync(join(tmpdir(), 'backup-shots-'))
const server = await startScreenshotServer('backups', { BACKUP_DIR: backups })
try {
  for (let i = 0; i < 12; i++)
    await fetch(`${server.base}/rest/v1/beta_signups`, {
      method: 'POST',
      headers: ANON_HEADERS,
      body: JSON.stringify({ email: `${SAMPLE_NAMES[i % SAMPLE_NAMES.length]}${i}@example.com` }),
    })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await browser.newPage()
  await page.goto(server.ownerLink())
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('h1')
  const shoot = async (state: string) => {
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto(`${server.base}/admin/signups`)
      await page.reload()
      await page.getByText(/No backup of the list yet|Last backup:/).waitFor()
      await page.screenshot({ path: `docs/screenshots/console-backup-${state}-${w}.png` })
    }
  }
  await shoot('none')
  const port = new URL(server.base).port
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', 'backup'], {
    env: {
      ...process.env,
      PGLITE_DIR: server.pgliteDir,
      BACKUP_DIR: backups,
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  })
  await shoot('taken')
  await browser.close()
} finally {
  await server.stop()
  rmSync(backups, { recursive: true, force: true })
}
