import { expect, test } from 'vitest'
import { robotsTxt } from '../scripts/seo.ts'

// Crawlers are asked to keep out of the console.
test('robots.txt disallows /admin', () => {
  expect(robotsTxt('https://launch.example').split('\n')).toContain('Disallow: /admin')
})
