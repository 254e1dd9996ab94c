import { AxeBuilder } from '@axe-core/playwright'
import { test, type Page } from '@playwright/test'

/** WCAG 2.0, 2.1 and 2.2 A and AA: what every page, view and dialog is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * What one axe scan may take on a loaded 2-core machine (a test of six took 145 s at a load average of 26),
 * added to the test's own limit for each scan: a test of many scans is given their time, so a
 * slow machine is slower, not red. A hang still fails it.
 */
const AXE_SCAN_MS = 30_000

/** Runs axe with the WCAG tags on the page as it is now (`configure` may set options first). */
export async function axeScan(page: Page, configure: (builder: AxeBuilder) => AxeBuilder = (b) => b) {
  test.info().setTimeout(test.info().timeout + AXE_SCAN_MS)
  return configure(new AxeBuilder({ page })).withTags(WCAG_TAGS).analyze()
}
