import { expect, test } from './fixtures.ts'
import { openLinkPage, signInByEmail, workerOwner } from './console-support.ts'

// WebAuthn refuses an IP address as relying party, so this spec browses http://localhost:<port>.
test('an owner adds a passkey and signs in with it alone (virtual authenticator)', async ({
  page,
  outbox,
  baseURL,
}) => {
  const base = baseURL!.replace('127.0.0.1', 'localhost')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  const path = await signInByEmail(page, outbox, base)
  await openLinkPage(page, `${base}${path}`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-ups', level: 1 })).toBeVisible()
  await page.goto(`${base}/admin/sessions`)
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.isResidentCredential).toBe(true)

  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible()
  expect((await page.request.get(`${base}/admin/api/me`)).status()).toBe(401)

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  // Back in, on the view the address names (#/sessions), with the passkey listed.
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(workerOwner())
  expect(await (await page.request.get(`${base}/admin/api/me`)).json()).toMatchObject({ email: workerOwner() })
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(after.credentials[0]!.signCount).toBeGreaterThan(0)
})
