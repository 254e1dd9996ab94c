import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, expect, test } from 'vitest'
import { inlineSvg, loadLogo } from './brand.ts'
import type { Problem } from './problems.ts'

// The logo's checks (content/brand/): every problem names the file.

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

function folderWith(name: string, bytes: Buffer | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'brand-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'brand'))
  writeFileSync(join(dir, 'brand', name), bytes)
  return dir
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#15803d' } })
    .png()
    .toBuffer()

function check(dir: string) {
  const problems: Problem[] = []
  return { logo: loadLogo(dir, problems), problems }
}

test('a square PNG of 512 px is a logo, shown from the small copy the build makes', async () => {
  const { logo, problems } = check(folderWith('logo.png', await png(512, 512)))
  expect(problems).toEqual([])
  expect(logo).toEqual({ kind: 'png', src: '/logo-96.png' })
})

test('a PNG under 512 px is refused, naming the file and its size', async () => {
  const { logo, problems } = check(folderWith('logo.png', await png(256, 256)))
  expect(logo).toBeNull()
  expect(problems).toEqual([{ file: 'brand/logo.png', key: '', message: expect.stringContaining('256×256') }])
})

test('a logo far from square is refused, PNG or SVG', async () => {
  expect(check(folderWith('logo.png', await png(1024, 600))).problems).toEqual([
    { file: 'brand/logo.png', key: '', message: expect.stringContaining('not square') },
  ])
  const wide = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40"/></svg>'
  expect(check(folderWith('logo.svg', wide)).problems).toEqual([
    { file: 'brand/logo.svg', key: '', message: expect.stringContaining('not square') },
  ])
})

test('an SVG with a script, an inline style or no size is refused', () => {
  const bad = '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><rect style="fill:red"/><script>x()</script></svg>'
  const messages = check(folderWith('logo.svg', bad)).problems.map((p) => `${p.file}: ${p.message}`)
  expect(messages).toEqual([
    expect.stringMatching(/^brand\/logo\.svg: no viewBox/),
    expect.stringMatching(/^brand\/logo\.svg: has a script/),
    expect.stringMatching(/^brand\/logo\.svg: has style/),
  ])
})

test('no logo at all is a problem', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brand-'))
  dirs.push(dir)
  expect(check(dir).problems).toEqual([{ file: 'brand/', key: '', message: expect.stringContaining('no logo') }])
})

test("an inlined SVG keeps its viewBox, moves the root's paint to a group and leaves its ids to each use", () => {
  const svg = `<?xml version="1.0"?><!-- made in a tool -->
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" fill="none">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs>
  <rect width="64" height="64" fill="url(#g)"/><use href="#g"/>
</svg>`
  expect(inlineSvg(svg)).toEqual({
    viewBox: '0 0 64 64',
    markup:
      '<g fill="none"><defs><linearGradient id="__ID__-g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="64" height="64" fill="url(#__ID__-g)"/><use href="#__ID__-g"/></g>',
  })
})
