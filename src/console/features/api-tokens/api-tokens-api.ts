/** The API tokens section's calls. Types only from the shared contract (zod stays out of the bundle). */
import { call, type Answer } from '../../api.ts'
import type { ApiTokenRequestInput } from '../../../shared/api-tokens.ts'
import { endpointPath, endpoints } from '../../../shared/console-endpoints.ts'

export type ApiToken = Answer<'ApiTokenView'>

export const apiTokensApi = {
  list: () => call<Answer<'ApiTokenList'>>('GET', endpoints.apiTokens.path),
  create: (fields: ApiTokenRequestInput) =>
    call<Answer<'ApiTokenCreated'>>('POST', endpoints.createApiToken.path, fields),
  revoke: (id: number) => call<ApiToken>('POST', endpointPath(endpoints.revokeApiToken, id)),
}
