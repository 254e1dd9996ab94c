/** The Invitations view's calls: "invite next N" and the store exports. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, qs, type Answer } from '../../api.ts'
import type { PlatformFilter } from '../../../shared/beta-testers.ts'
import type { Selection } from '../../../shared/console-common.ts'
import type { StoreExportFormat } from '../../../shared/invitations.ts'
import { endpoints } from '../../../shared/console-endpoints.ts'

export const invitationsApi = {
  summary: () => call<Answer<'InvitationSummary'>>('GET', endpoints.invitations.path),
  preview: (n: number, platform: PlatformFilter, includeDisposable = false) =>
    call<Answer<'InvitationPreview'>>(
      'GET',
      `${endpoints.invitationPreview.path}?${qs({ n, platform, disposable: includeDisposable ? 'include' : 'exclude' })}`,
    ),
  invite: (ids: number[]) => call<Answer<'InviteResult'>>('POST', endpoints.invite.path, { ids }),
  storeExportUrl: (format: StoreExportFormat, sel: Selection) =>
    `${endpoints.storeExport.path}?${qs({ format, ...sel })}`,
}
