import { DEFAULT_LOCALE, FEATURE_ICONS, HERO_TEXTS, LINKS, SCREENSHOTS, SOCIAL_PROOF } from '../src/shared/content.ts'
import { expect, footerButton, signupEmail, signupSection, test } from './fixtures.ts'
import { DEFAULT_LOCALE as T_LOCALE, texts } from '../src/shared/content.ts'

/** The texts the tests expect: the content's (the demo's are the specification's words). */
const T = texts(T_LOCALE)

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
  })

  test('has the landmarks: header, main with the article and the sign-up aside, footer', async ({ page }) => {
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await expect(page.locator('main > article')).toHaveCount(1)
    await expect(page.locator('main > aside#cta')).toHaveCount(1)
    await expect(page.getByRole('complementary')).toHaveCount(1)
  })

  test('header: logo, name with BETA badge, product-directory badge at 250x54, Try Beta Free', async ({ page }) => {
    const header = page.getByRole('banner')
    await expect(header.getByText(T.header.betaBadge, { exact: true })).toBeVisible()
    await expect(header.getByRole('button', { name: T.header.cta, exact: true })).toBeVisible()

    // Drawn inline: a picture with a name, no request; none when the content has no directory link.
    const badge = header.locator('a[href] svg[role="img"][width="250"][height="54"]')
    if (!LINKS.productDirectory || !T.productDirectory) {
      await expect(badge).toHaveCount(0)
      return
    }
    await expect(badge).toHaveCount(1)
    await expect(badge).toBeVisible()
    await expect(badge).toHaveAccessibleName(T.productDirectory.alt)
    const box = await badge.boundingBox()
    expect(box && { width: Math.round(box.width), height: Math.round(box.height) }).toEqual({ width: 250, height: 54 })
  })

  test('hero: headline, the CTA with its en dash, the note and three screenshots', async ({ page }) => {
    const article = page.locator('main > article')
    await expect(article.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(article.getByRole('button', { name: T.hero.cta, exact: true })).toBeVisible()
    await expect(article.getByText(T.hero.note, { exact: true })).toBeVisible()
    // Left to right, each with its alt text from the content, and actually arrived.
    const shots = page.getByRole('group', { name: HERO_TEXTS[DEFAULT_LOCALE].screensLabel }).getByRole('img')
    await expect(shots).toHaveCount(SCREENSHOTS.length)
    for (const [i, screen] of HERO_TEXTS[DEFAULT_LOCALE].screens.entries()) {
      await expect(shots.nth(i)).toHaveAccessibleName(screen.alt)
      await expect(shots.nth(i)).toBeVisible()
      expect(await shots.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    }
  })

  test("features: the content's cards, in order, and the community note", async ({ page }) => {
    const features = page.locator('#features')
    for (const card of T.features.cards) {
      await expect(features.getByText(card.title, { exact: true })).toBeVisible()
      await expect(features.getByText(card.body, { exact: true })).toBeVisible()
    }
    await expect(features.getByText(T.features.communityNote, { exact: true })).toBeVisible()
    // Each card draws its own icon (content/site.yaml: a Lucide name or the founder's SVG), and
    // the avatars are the content's, or none.
    const icons = features.locator('li > div > svg')
    await expect(icons).toHaveCount(T.features.cards.length)
    for (const [i, card] of T.features.cards.entries()) {
      await expect(icons.nth(i)).toHaveAttribute('viewBox', FEATURE_ICONS[card.id]!.viewBox)
      const box = await icons.nth(i).boundingBox()
      expect(box && Math.round(box.width)).toBe(24)
      expect(await icons.nth(i).evaluate((svg: SVGSVGElement) => svg.getBBox().width)).toBeGreaterThan(0)
    }
    const avatars = features.locator('[class*="avatar-"]')
    await expect(avatars).toHaveCount(SOCIAL_PROOF?.avatars.length ?? 0)
    for (const [i, avatar] of (SOCIAL_PROOF?.avatars ?? []).entries()) {
      await expect(avatars.nth(i)).toHaveText(avatar.initials)
      // A gradient from the content, not the transparent of a class that was never generated.
      expect(await avatars.nth(i).evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/gradient/)
    }
  })

  test('sign-up section: headline, email field, Join Beta Now and the three reassurances', async ({ page }) => {
    const cta = signupSection(page)
    await expect(cta.getByRole('heading')).not.toHaveCount(0)
    await expect(signupEmail(page)).toHaveAttribute('type', 'email')
    await expect(signupEmail(page)).toHaveAttribute('required', '')
    await expect(cta.getByRole('button', { name: T.signup.submit, exact: true })).toBeVisible()
    for (const line of T.signup.reassurance) {
      await expect(cta.getByText(line, { exact: true })).toBeVisible()
    }
  })

  test('footer: BETA badge, Beta 2025, copyright, the three dialog buttons, the social profiles', async ({ page }) => {
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText(T.footer.betaBadge, { exact: true })).toBeVisible()
    await expect(footer.getByText(T.footer.betaYear, { exact: true })).toBeVisible()
    await expect(footer).toContainText('©')
    for (const name of ['contact', 'privacy', 'terms'] as const) {
      await expect(footerButton(page, name)).toBeVisible()
    }
    // Each profile: its accessible name from the content, its network's glyph, rel="me" for Mastodon.
    for (const link of LINKS.social) {
      const anchor = footer.getByRole('link', { name: T.social[link.id]!, exact: true })
      await expect(anchor).toHaveAttribute('href', link.href)
      await expect(anchor.locator('svg')).toHaveAttribute('viewBox', link.icon.viewBox)
      expect(await anchor.locator('svg').evaluate((svg: SVGSVGElement) => svg.getBBox().width)).toBeGreaterThan(0)
      if (link.id === 'mastodon') await expect(anchor).toHaveAttribute('rel', 'me')
    }
  })

  test('every picture declares its width and height', async ({ page }) => {
    const images = await page.locator('img, svg[role="img"]').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src') ?? img.getAttribute('aria-label'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
    )
    expect(images.length).toBeGreaterThan(0)
    for (const image of images) {
      expect(image, `${image.src}`).toEqual({
        src: image.src,
        width: expect.stringMatching(/^\d+$/),
        height: expect.stringMatching(/^\d+$/),
      })
    }
  })
})

for (const motion of ['no-preference', 'reduce'] as const) {
  test.describe(`scroll to the sign-up (prefers-reduced-motion: ${motion})`, () => {
    test.use({ reducedMotion: motion })

    for (const [where, name] of [
      ['header', T.header.cta],
      ['hero', T.hero.cta],
    ] as const) {
      test(`the ${where} button brings #cta into view and focuses the email field`, async ({ page }) => {
        await page.goto('/')
        await expect(signupSection(page)).not.toBeInViewport()
        await page.getByRole('button', { name, exact: true }).click()
        await expect(signupEmail(page)).toBeFocused()
        await expect(signupSection(page)).toBeInViewport()
      })
    }
  })
}

test('the content is there without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: T.header.cta, exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: T.hero.cta, exact: true })).toBeVisible()
  await expect(signupEmail(page)).toBeVisible()
  await expect(page.getByText(T.signup.reassurance[1]!, { exact: true })).toBeVisible()
  await expect(page.getByText(T.footer.betaYear, { exact: true })).toBeVisible()
  await context.close()
})

test('the page requests nothing from any other origin', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url())
  })
  await page.goto('/')
  await page.locator('footer').scrollIntoViewIfNeeded()
  for (const name of ['privacy', 'terms', 'contact'] as const) {
    await footerButton(page, name).click()
    // The footer's island may still be loading: its first click is replayed once it is, so wait
    // for the dialog before closing it (an Escape pressed earlier would close nothing).
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  await page.waitForLoadState('networkidle')
  expect(foreign).toEqual([])
})
