/** The 12 x 14 card's calls. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, type Answer } from '../../api.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

export const playTestingApi = {
  summary: () => call<Answer<'PlayTestingSummary'>>('GET', endpoints.playTesting.path),
  nudge: () => call<Answer<'NudgeResult'>>('POST', endpoints.nudge.path),
}
