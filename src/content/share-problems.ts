import { storeStageOf } from '../shared/content-types.ts'
import type { Content } from './load.ts'
import type { Problem } from './problems.ts'
import { shareLayout, shareTextsOf } from './share-layout.ts'
import { ShareTextError } from './share-text.ts'

/**
 * Each language's share card, laid out as the build draws it (a card per language, issue 38):
 * a text that cannot fit even at its smallest size is a problem naming its file and key, so
 * `npm run content:check` says it before a build does.
 */
export async function shareProblems(content: Content): Promise<Problem[]> {
  const problems: Problem[] = []
  const launched = storeStageOf(content.stores) === 'live'
  for (const [i, locale] of content.locales.entries()) {
    const texts = content.texts[locale]
    if (!texts) continue
    const file = i === 0 ? 'site.yaml' : `locales/${locale}.yaml`
    try {
      await shareLayout(shareTextsOf(content.product.name, texts, launched), file)
    } catch (err) {
      if (!(err instanceof ShareTextError)) throw err
      const [at = file, key = ''] = err.at.split(': ')
      problems.push({ file: at, key, message: err.message.replace(/^[^)]*?: too long/, 'too long') })
    }
  }
  return problems
}
