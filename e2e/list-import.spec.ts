import { writeFile } from 'node:fs/promises'
import { expect, test, uniqueEmail } from './fixtures.ts'
import { openLinkPage, seedSignup, signInByEmail } from './console-support.ts'

// Issue 42, item 4: the console's "Import a list" on the Sign-ups view, in a real browser:
// choose a CSV file, see the counts and the first rows, import, and find the people on the list.

test('import a list: upload, preview with the counts, confirm, and the list shows them', async ({
  page,
  outbox,
  request,
}) => {
  const tag = uniqueEmail('imp').split('@')[0]!
  const listed = `${tag}-listed@example.com`
  await seedSignup(request, listed)
  const csv = [
    '\uFEFFE-Mail;Name;Created',
    `${tag}-ann@example.com;Ann;2026-01-15`,
    `${tag}-bob@example.com;Bob;`,
    `${tag.toUpperCase()}-ANN@example.com;Ann again;`,
    `${listed};Listed;`,
    'not-an-address;Broken;',
    `${tag}-cy@example.com;Cy;2026-02-01 09:30`,
  ].join('\n')
  const path = await signInByEmail(page, outbox)
  await openLinkPage(page, path)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // A file on disk, as an owner picks one (a buffer payload makes Playwright evaluate in the page, which the CSP refuses).
  const file = test.info().outputPath(`${tag}.csv`)
  await writeFile(file, csv)
  await page.getByLabel('CSV file').setInputFiles(file)
  await expect(page.getByLabel('Source')).toHaveValue(tag)
  await page.getByRole('button', { name: 'Preview' }).click()
  const card = page.getByRole('region', { name: 'Import a list' })
  await expect(card.getByRole('status').filter({ hasText: '6 rows read' })).toContainText('3 people would be added')
  const figure = (label: string) => card.locator('dl > div').filter({ hasText: label }).locator('dd')
  await expect(figure('New')).toHaveText('3')
  await expect(figure('Repeated in the file')).toHaveText('1')
  await expect(figure('Already on the list')).toHaveText('1')
  await expect(figure('Invalid')).toHaveText('1')
  await expect(card.getByRole('row').filter({ hasText: `${tag}-ann@example.com` })).toContainText('2')
  await card.getByText('Invalid rows (1), not imported').click()
  await expect(card.getByText('Row 6:')).toBeVisible()
  // Nothing is stored by the preview.
  await page.getByLabel('Search by address').fill(tag)
  await expect(page.getByRole('status').filter({ hasText: '1 matching' })).toBeVisible()

  await card.getByRole('button', { name: 'Import 3 people' }).click()
  await expect(card.getByRole('status').filter({ hasText: `Imported 3 people with source “${tag}”.` })).toContainText(
    'No email was sent.',
  )
  await expect(page.getByRole('status').filter({ hasText: '4 matching' })).toBeVisible()
  // No email to the imported people.
  expect(await outbox.to(`${tag}-ann@example.com`)).toEqual([])
})
