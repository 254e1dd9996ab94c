// Screenshots of the beta invitations (issue 11) for docs/screenshots: the console's Invitations
// view with a preview, and the phone-choice page. Starts the built server on a throwaway PGlite
// folder with the iPhone link set and the Android one not.
// Usage: npm run build && tsx scripts/invitation-screenshots.ts
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { LOCAL_ANON_KEY } from '../src/shared/self-hosted.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const dir = mkdtempSync(join(tmpdir(), 'invite-shots-'))
const port = 3900 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  PGLITE_DIR: join(dir, 'pglite'),
  OUTBOX_DIR: join(dir, 'outbox'),
  OWNER_EMAILS: 'founder@example.com',
  BETA_IOS_URL: 'https://testflight.apple.com/join/AbCdEf12',
  EMAIL_POLL_INTERVAL_MS: '200',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SIGNUP_PER_MINUTE: '0',
  RATE_LIMIT_SIGNUP_PER_HOUR: '0',
  RATE_LIMIT_EMAIL_PER_MINUTE: '0',
  RATE_LIMIT_EMAIL_PER_HOUR: '0',
  RATE_LIMIT_BETA_PER_MINUTE: '0',
  RATE_LIMIT_BETA_PER_HOUR: '0',
  DATABASE_URL: '',
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const server = spawn(process.execPath, ['dist/node/server/index.js'], { env, stdio: 'inherit' })
try {
  for (
    let i = 0;
    (await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200;
    i++
  ) {
    if (i > 300) throw new Error('server did not start')
    await sleep(100)
  }
  const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`, 'content-type': 'application/json' }
  const names = ['maya.k', 'jonas', 'ines.design', 'lee.writes', 'sam+beta', 'olga.dev', 'tom.photo', 'ana.b']
  for (let i = 0; i < 24; i++) {
    const body = JSON.stringify({ email: `${names[i % names.length]}${i}@example.com` })
    await fetch(`${base}/rest/v1/beta_signups`, { method: 'POST', headers: anon, body })
    await fetch(`${base}/functions/v1/resend-email`, { method: 'POST', headers: anon, body })
  }
  // Wait for the welcome emails, then let some people choose their phone through their links.
  const outbox = join(dir, 'outbox')
  const welcome = () =>
    readdirSync(outbox)
      .filter((n) => n.endsWith('.json'))
      .map((n) => JSON.parse(readFileSync(join(outbox, n), 'utf8')) as { text: string })
  for (let i = 0; i < 200 && welcome().length < 24; i++) await sleep(100)
  const links = welcome().map((e) => /\/beta\/phone\?platform=ios&token=[\w-]+/.exec(e.text)![0])
  let phoneLink = ''
  for (const [i, link] of links.entries()) {
    const path = i % 3 === 0 ? link : i % 3 === 1 ? link.replace('platform=ios', 'platform=android') : null
    if (path && i > 0) await fetch(`${base}${path}`, { method: 'POST' })
    if (i === 0) phoneLink = link
  }

  const ownerLink = () =>
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', 'link', 'founder@example.com'], {
      env,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme })
    const page = await context.newPage()
    await page.goto(ownerLink())
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForSelector('h1')
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto(`${base}/admin/#/invitations`)
      await page.getByLabel('How many').fill('5')
      await page.getByRole('button', { name: 'Preview' }).click()
      await page.getByRole('button', { name: /^Invite these/ }).waitFor()
      await page.screenshot({ path: `docs/screenshots/console-invitations-${scheme}-${w}x${h}.png`, fullPage: true })
      if (scheme === 'light') {
        await page.goto(`${base}${phoneLink}`)
        await page.screenshot({ path: `docs/screenshots/beta-phone-choice-${w}x${h}.png` })
      }
    }
    await context.close()
  }
  await browser.close()
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dir, { recursive: true, force: true })
}
