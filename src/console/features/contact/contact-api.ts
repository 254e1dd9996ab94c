/** The Inbox view's calls: the contact form's messages. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, qs, type Answer } from '../../api.ts'
import type { InboxFilter } from '../../../shared/contact.ts'
import { endpointPath, endpoints } from '../../../shared/console-endpoints.ts'

export const contactApi = {
  inbox: (filter: InboxFilter, page: number) =>
    call<Answer<'InboxPage'>>('GET', `${endpoints.inbox.path}?${qs({ filter, page, size: 20 })}`),
  markHandled: (id: number) => call<void>('POST', endpointPath(endpoints.markHandled, id)),
  reopen: (id: number) => call<void>('POST', endpointPath(endpoints.reopen, id)),
}
