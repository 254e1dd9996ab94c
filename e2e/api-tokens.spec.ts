import { expect, test } from './fixtures.ts'
import { expectNoHorizontalScroll, expectNoViolations, signInToConsole } from './console-support.ts'

// The owner makes an API token in the console (Integrations), copies it once, a tool calls
// /api/v1 with it within its scope, and revoking it in the console shuts the tool out.

test('an API token: created in the console, shown once and copied, used within its scope, revoked', async ({
  page,
  outbox,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInToConsole(page, outbox)
  await page.goto('/admin/integrations')
  const section = page.getByRole('region', { name: 'API tokens' })
  await section.getByRole('button', { name: 'Create token' }).click()
  const name = `Dashboard ${test.info().parallelIndex}-${Date.now()}`
  await section.getByLabel('Name (what uses it)').fill(name)
  // stats:read is ticked by default; the list stays out of reach.
  await expect(section.getByRole('checkbox', { name: /stats:read/ })).toBeChecked()
  await expect(section.getByRole('checkbox', { name: /signups:read/ })).not.toBeChecked()
  await section.getByRole('button', { name: 'Create token' }).click()

  const shown = section.getByTestId('new-token')
  await expect(shown).toHaveText(/^lp_[A-Za-z0-9_-]{43}$/)
  const token = (await shown.textContent())!
  await section.getByRole('button', { name: 'Copy token' }).click()
  await expect(section.getByText('Copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
  await expectNoViolations(page)

  const bearer = { authorization: `Bearer ${token}` }
  const stats = await page.request.get('/api/v1/stats', { headers: bearer })
  expect(stats.status()).toBe(200)
  expect(Object.keys(await stats.json())).toEqual(['signups', 'funnel', 'play'])
  const list = await page.request.get('/api/v1/signups', { headers: bearer })
  expect(list.status()).toBe(403)
  expect(await list.json()).toMatchObject({ code: '42501' })

  // Once dismissed (or after a reload) the token is gone from the page; its prefix stays.
  await section.getByRole('button', { name: 'I have copied it' }).click()
  await expect(shown).toHaveCount(0)
  await page.reload()
  const item = section.getByRole('listitem').filter({ hasText: name })
  await expect(item).toContainText(`${token.slice(0, 9)}…`)
  await expect(item).toContainText('last used')
  await expect(page.getByText(token)).toHaveCount(0)

  await item.getByRole('button', { name: `Revoke ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' })
  await expect(dialog).toBeVisible()
  await expectNoViolations(page)
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(section.getByText(`Revoked ${name}. Calls with it now get 401.`)).toBeVisible()
  await expect(item.getByText('Revoked', { exact: true })).toBeVisible()
  await expect(item.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0)
  const after = await page.request.get('/api/v1/stats', { headers: bearer })
  expect(after.status()).toBe(401)
  expect(await after.json()).toMatchObject({ code: 'PGRST301' })

  await page.setViewportSize({ width: 320, height: 800 })
  await expectNoHorizontalScroll(page)
})
