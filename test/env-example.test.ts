import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { loadConfig, SETTING_NAMES } from '../src/server/config.ts'
import { ROOT } from './support/server-process.ts'

// deploy/launch-page.env.example is read three ways: systemd's EnvironmentFile=, a shell
// (`set -a; . file`) and `docker run --env-file`. Each line keeps to what all three read alike.
const FILE = 'deploy/launch-page.env.example'
const text = readFileSync(`${ROOT}/${FILE}`, 'utf8')
const settings = text
  .split('\n')
  .map((line, i) => ({ line, n: i + 1 }))
  .filter(({ line }) => line.trim() !== '' && !line.trimStart().startsWith('#'))

/** The names a line sets, commented-out alternatives (`# SMTP_URL=…`) included. */
const named = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!)

test('bash sources it without an error, and reads each value as written', () => {
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `set -eu -a; . ./${FILE}; env -0`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH! },
  })
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)
  const env = Object.fromEntries(
    r.stdout
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  )
  for (const { line } of settings) {
    const [, key, raw] = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)!
    const unquoted = raw!.startsWith('"') ? raw!.slice(1, -1) : raw
    expect(env[key!], line).toBe(unquoted)
  }
})

test('every line is KEY=value that systemd and a shell read alike', () => {
  for (const { line, n } of settings) {
    // Unquoted: no space and nothing a shell treats specially. Quoted: double quotes around
    // text with no $, backquote, backslash or quote, which neither expands nor escapes.
    expect(line, `${FILE}:${n}`).toMatch(/^[A-Z][A-Z0-9_]*=([^\s"'`$\\<>|&;()#*?~]*|"[^"`$\\]*")$/)
  }
})

test('every setting it names is one the server reads, and the file passes its checks', () => {
  expect(named.length).toBeGreaterThan(5)
  for (const name of named) expect(SETTING_NAMES, name).toContain(name)
  const env = Object.fromEntries(
    settings.map(({ line }) => {
      const [, key, raw] = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)!
      return [key!, raw!]
    }),
  )
  // Its placeholder is refused on purpose (a founder must paste Resend's); a real one's shape.
  env.RESEND_WEBHOOK_SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`
  // As `docker run --env-file` passes it: the quotes stay, and the server still reads a sender.
  expect(loadConfig(env).EMAIL_FROM).toMatch(/^[^"]+ <[^"@\s]+@[^"\s]+>$/)
})
