/** The Messages view's calls: the owner's messages to a group of testers. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, type Answer } from '../../api.ts'
import type { SendTesterMessageRequest } from '../../../shared/tester-messages-contract.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

export const testerMessagesApi = {
  overview: () => call<Answer<'TesterMessagesOverview'>>('GET', endpoints.testerMessages.path),
  send: (message: SendTesterMessageRequest) =>
    call<Answer<'SendTesterMessageResult'>>('POST', endpoints.sendTesterMessage.path, message),
}
