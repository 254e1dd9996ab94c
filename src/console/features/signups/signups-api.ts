/** The Sign-ups view's calls. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, qs, type Answer } from '../../api.ts'
import type { PlatformFilter, StatusFilter } from '../../../shared/beta-testers.ts'
import type { StatsDays } from '../../../shared/signups.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

export const signupsApi = {
  list: (q: string, page: number, size = 25, status: StatusFilter = 'all', platform: PlatformFilter = 'all') =>
    call<Answer<'SignupPage'>>('GET', `${endpoints.signups.path}?${qs({ q, page, size, status, platform })}`),
  stats: (days: StatsDays) => call<Answer<'SignupStats'>>('GET', `${endpoints.signupStats.path}?days=${days}`),
  exportUrl: (q: string) => `${endpoints.signupsExport.path}${q ? `?${qs({ q })}` : ''}`,
  sendWelcome: (email: string) => call<Answer<'SendWelcomeResult'>>('POST', endpoints.sendWelcome.path, { email }),
  suppressions: () => call<Answer<'SuppressionCount'>>('GET', endpoints.suppressions.path),
  liftSuppression: (email: string) => call<Answer<'LiftResult'>>('POST', endpoints.liftSuppression.path, { email }),
}
