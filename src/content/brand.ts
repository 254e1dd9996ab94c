import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrandLogo } from '../shared/content-types.ts'
import type { Problem } from './problems.ts'

// The logo in content/brand/: an SVG (logo.svg) or a PNG of at least 512 px (logo.png), square or
// nearly so, from which the build makes every icon and the share image (scripts/brand-assets.ts)
// and which the page, the console, the server pages and the emails show (docs/decisions/brand.md).

const LOGO_FILES = ['logo.svg', 'logo.png'] as const
const MIN_LOGO_PX = 512
/** Wider or taller than this by ratio is "not square": icons are square and would squash it. */
const MAX_LOGO_RATIO = 1.15

/** The logo's file in `dir`/brand, or null. */
export function logoPath(dir: string): string | null {
  for (const name of LOGO_FILES) if (existsSync(join(dir, 'brand', name))) return join(dir, 'brand', name)
  return null
}

/**
 * A note for content:check when brand/ holds more than one logo file: which one every icon, page
 * and email is made from (the first of LOGO_FILES: an SVG stays sharp at every size), and how to
 * use the other. Not a problem: the build works; but a founder who dropped in a PNG should not
 * wonder why the page still shows the old SVG.
 */
export function logoNote(dir: string): string | null {
  const present = LOGO_FILES.filter((name) => existsSync(join(dir, 'brand', name)))
  if (present.length < 2) return null
  const [used, ...ignored] = present
  const others = ignored.map((name) => `brand/${name}`).join(' and ')
  return `content/brand/: ${present.join(' and ')} both exist; the build uses brand/${used} and ignores ${others} (delete brand/${used} to use ${others})`
}

/** A PNG's size from its IHDR chunk (no decoder needed to check it). */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a'
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return null
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** An SVG's drawing size: its viewBox, else its width and height. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0]
  if (!root) return null
  const box = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(root)
  if (box) return { width: Number(box[1]), height: Number(box[2]) }
  const w = /\bwidth\s*=\s*["']([\d.]+)(px)?["']/i.exec(root)
  const h = /\bheight\s*=\s*["']([\d.]+)(px)?["']/i.exec(root)
  return w && h ? { width: Number(w[1]), height: Number(h[1]) } : null
}

/**
 * The SVG as the pages inline it: its viewBox, and its drawing without prolog or comments, ids
 * left as `__ID__-` for each use to fill (two logos on one page must not share a gradient's id).
 * The root's own presentation attributes (fill, stroke...) move to a <g> around the drawing.
 */
export function inlineSvg(svg: string): { viewBox: string; markup: string } {
  const clean = svg.replace(/<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/gi, '').trim()
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>/i.exec(clean)
  const attrs = root?.[1] ?? ''
  const size = svgSize(clean) ?? { width: 32, height: 32 }
  const viewBox = /\bviewBox\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1] ?? `0 0 ${size.width} ${size.height}`
  const kept = attrs
    .replace(
      /\s(xmlns(:\w+)?|viewBox|width|height|class|id|aria-[\w-]+|role|version|x|y|focusable)\s*=\s*("[^"]*"|'[^']*')/gi,
      '',
    )
    .trim()
  const drawing = (root?.[2] ?? '')
    .replace(/\bid\s*=\s*(["'])([^"']+)\1/g, 'id="__ID__-$2"')
    .replace(/url\(\s*#([^)\s]+)\s*\)/g, 'url(#__ID__-$1)')
    .replace(/\b(xlink:)?href\s*=\s*(["'])#([^"']+)\2/g, 'href="#__ID__-$3"')
    .replace(/>\s+</g, '><')
    .trim()
  return { viewBox, markup: kept ? `<g ${kept}>${drawing}</g>` : drawing }
}

/** Reads and checks the logo; every problem names the file. */
export function loadLogo(dir: string, problems: Problem[]): BrandLogo | null {
  const path = logoPath(dir)
  if (!path) {
    problems.push({
      file: 'brand/',
      key: '',
      message: 'no logo: add brand/logo.svg, or brand/logo.png of at least 512 px',
    })
    return null
  }
  const file = path.endsWith('.svg') ? 'brand/logo.svg' : 'brand/logo.png'
  const bytes = readFileSync(path)
  const before = problems.length
  const fail = (message: string) => problems.push({ file, key: '', message })
  let size: { width: number; height: number } | null
  if (file.endsWith('.svg')) {
    const svg = bytes.toString('utf8')
    size = svgSize(svg)
    if (!size) fail('no viewBox, nor width and height: the icons cannot be drawn from it')
    // Inlined into pages whose CSP allows no script and no inline style.
    if (/<script|<foreignObject|\son\w+\s*=|javascript:/i.test(svg)) fail('has a script or an event handler: remove it')
    if (/\sstyle\s*=|<style/i.test(svg))
      fail('has style attributes or a <style> element: use presentation attributes (fill, stroke) instead')
  } else {
    size = pngSize(bytes)
    if (!size) fail('is not a PNG file')
    else if (Math.min(size.width, size.height) < MIN_LOGO_PX)
      fail(`is ${size.width}×${size.height} px: at least ${MIN_LOGO_PX}×${MIN_LOGO_PX} is needed for the 512 px icon`)
  }
  if (size && Math.max(size.width, size.height) / Math.min(size.width, size.height) > MAX_LOGO_RATIO)
    fail(`is ${size.width}×${size.height}: not square (icons are square); crop or pad it to a square`)
  if (problems.length > before) return null
  return file.endsWith('.svg')
    ? { kind: 'svg', ...inlineSvg(bytes.toString('utf8')) }
    : { kind: 'png', src: LOGO_PNG_PATH }
}

/** Where the build puts the small copy of a PNG logo that the pages show. */
export const LOGO_PNG_PATH = '/logo-96.png'
