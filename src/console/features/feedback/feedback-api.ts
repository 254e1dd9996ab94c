/** The Feedback view's calls. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, qs, type Answer } from '../../api.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

/** The Feedback view's filters; '' is "any". */
export type FeedbackFilters = { build: string | null; rating: string; platform: 'all' | 'ios' | 'android' | 'unknown' }

function feedbackParams(f: FeedbackFilters): Record<string, string> {
  return {
    ...(f.build !== null ? { build: f.build } : {}),
    ...(f.rating ? { rating: f.rating } : {}),
    platform: f.platform,
  }
}

export const feedbackApi = {
  page: (f: FeedbackFilters, page: number) =>
    call<Answer<'FeedbackPage'>>('GET', `${endpoints.feedback.path}?${qs({ ...feedbackParams(f), page, size: 20 })}`),
  exportUrl: (f: FeedbackFilters) => `${endpoints.feedbackExport.path}?${qs(feedbackParams(f))}`,
  setBuildLabel: (label: string) => call<Answer<'BuildLabel'>>('POST', endpoints.setBuildLabel.path, { label }),
}
