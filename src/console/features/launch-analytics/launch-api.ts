/** The Launch view's calls to /admin/api/launch. Types only from the shared contract. */
import { call } from '../../api.ts'
import { endpointPath, endpoints } from '../../../shared/console-endpoints.ts'
import type { ChannelRequest, LaunchReport } from '../../../shared/launch-analytics.ts'

export type {
  LaunchBucket,
  LaunchReport,
  LaunchSourceRow,
  LeftOutRow,
  ShareChannel,
} from '../../../shared/launch-analytics.ts'

export type LaunchRange = { days: number; bucket: 'hour' | 'day' }

const query = (r: LaunchRange) => new URLSearchParams({ days: String(r.days), bucket: r.bucket }).toString()

export const launchApi = {
  report: (r: LaunchRange) => call<LaunchReport>('GET', `${endpoints.launch.path}?${query(r)}`),
  exportUrl: (r: LaunchRange) => `${endpoints.launchExport.path}?${query(r)}`,
  saveChannel: (c: ChannelRequest) => call<{ created: boolean }>('POST', endpoints.saveChannel.path, c),
  deleteChannel: (name: string) => call<void>('POST', endpointPath(endpoints.deleteChannel, name)),
}
