/** The Integrations view's calls: webhook endpoints, their log and replays. Types only from the shared contract. */
import { call, type Answer } from '../../api.ts'
import type { EndpointRequestInput } from '../../../shared/outbound-events.ts'
import { endpointPath, endpoints } from '../../../shared/console-endpoints.ts'

export type WebhookEndpoint = Answer<'EndpointView'>

export const integrationsApi = {
  list: () => call<Answer<'EndpointList'>>('GET', endpoints.webhooks.path),
  create: (fields: EndpointRequestInput) =>
    call<Answer<'EndpointSecret'>>('POST', endpoints.createWebhook.path, fields),
  update: (id: number, fields: EndpointRequestInput) =>
    call<WebhookEndpoint>('POST', endpointPath(endpoints.updateWebhook, id), fields),
  remove: (id: number) => call<void>('POST', endpointPath(endpoints.deleteWebhook, id)),
  rotate: (id: number) => call<Answer<'EndpointSecret'>>('POST', endpointPath(endpoints.rotateWebhookSecret, id)),
  test: (id: number) => call<void>('POST', endpointPath(endpoints.testWebhook, id)),
  log: (id: number) => call<Answer<'DeliveryLog'>>('GET', endpointPath(endpoints.webhookLog, id)),
  replay: (id: number, what: { deliveryId: number } | { since: string }) =>
    call<Answer<'ReplayResult'>>('POST', endpointPath(endpoints.replayWebhook, id), what),
}

/** The endpoint's fields as the save call takes them, with some changed. */
export function fieldsOf(e: WebhookEndpoint, change: Partial<EndpointRequestInput> = {}): EndpointRequestInput {
  return {
    kind: e.kind,
    url: e.url,
    description: e.description,
    events: e.events as EndpointRequestInput['events'],
    enabled: e.enabled,
    fullAddresses: e.fullAddresses,
    ...change,
  }
}
