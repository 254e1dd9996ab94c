import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { OUTBOUND_EVENTS } from '../src/shared/outbound-events.ts'
import { DOC_PATH, formattedEventsDoc, renderEventsDoc } from '../scripts/outbound-events-doc.ts'

test('docs/outbound-events.md is what scripts/outbound-events-doc.ts writes (npm run events:doc)', async () => {
  expect(readFileSync(DOC_PATH, 'utf8')).toBe(await formattedEventsDoc())
})

test('the page documents every event and every field', () => {
  const page = renderEventsDoc()
  for (const [type, { data }] of Object.entries(OUTBOUND_EVENTS)) {
    expect(page).toContain(`## \`${type}\``)
    const section = page.slice(page.indexOf(`## \`${type}\``)).split('\n## ')[0]!
    for (const field of Object.keys(data.shape)) expect(section, `${type}.${field}`).toContain(`| \`${field}\` |`)
  }
})
