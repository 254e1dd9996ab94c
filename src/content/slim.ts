// `npm run content:slim`: takes out of a founder's files every text that is word for word the
// shipped default (src/content/defaults/), so later upstream improvements to those texts reach
// their page. Comments and every other text stay as written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, parseDocument, type Document } from 'yaml'
import { defaultTexts, textAt, textPaths } from './defaults.ts'

/** Removes the texts equal to `locale`'s shipped ones from one file; returns how many. */
function slimFile(path: string, locale: string): number {
  const shipped = defaultTexts(locale)
  if (!shipped || !existsSync(path)) return 0
  const doc = parseDocument(readFileSync(path, 'utf8'))
  const texts = doc.toJS() as { texts?: unknown }
  let removed = 0
  for (const [key, stock] of textPaths(shipped)) {
    if (JSON.stringify(textAt(texts.texts, key)) !== JSON.stringify(stock)) continue
    doc.deleteIn(['texts', ...key.split('.')])
    removed++
  }
  dropEmptyGroups(doc, ['texts'])
  if (removed) writeFileSync(path, doc.toString({ lineWidth: 0, flowCollectionPadding: false }))
  return removed
}

function dropEmptyGroups(doc: Document, path: string[]): void {
  const node = doc.getIn(path)
  if (!isMap(node)) return
  for (const item of [...node.items]) dropEmptyGroups(doc, [...path, String((item.key as { value: unknown }).value)])
  if (node.items.length === 0 && path.length > 1) doc.deleteIn(path)
}

/** Slims site.yaml (the first language) and each locales/<lang>.yaml of the content folder `dir`. */
export function slimContent(dir: string): { file: string; removed: number }[] {
  const site = parseDocument(readFileSync(join(dir, 'site.yaml'), 'utf8')).toJS() as { locales?: string[] }
  const [first, ...others] = site.locales ?? []
  if (!first) return []
  return [
    { file: 'site.yaml', removed: slimFile(join(dir, 'site.yaml'), first) },
    ...others.map((l) => ({ file: `locales/${l}.yaml`, removed: slimFile(join(dir, 'locales', `${l}.yaml`), l) })),
  ]
}
