/** The Launch view's calls to /admin/api/launch (issue 33). Types only from the shared contract. */
import { ApiFailure } from '../../api.ts'
import type { ChannelRequest, LaunchReport } from '../../../shared/launch-analytics.ts'

export type {
  LaunchBucket,
  LaunchReport,
  LaunchSourceRow,
  LeftOutRow,
  ShareChannel,
} from '../../../shared/launch-analytics.ts'

export type LaunchRange = { days: number; bucket: 'hour' | 'day' }

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) {
    const problem = (await res.json().catch(() => null)) as { message?: string } | null
    throw new ApiFailure(res.status, problem?.message ?? `Request failed (${res.status})`)
  }
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

const query = (r: LaunchRange) => new URLSearchParams({ days: String(r.days), bucket: r.bucket }).toString()

export const launchApi = {
  report: (r: LaunchRange) => call<LaunchReport>('GET', `/admin/api/launch?${query(r)}`),
  exportUrl: (r: LaunchRange) => `/admin/api/launch/export?${query(r)}`,
  saveChannel: (c: ChannelRequest) => call<{ created: boolean }>('POST', '/admin/api/launch/channels', c),
  deleteChannel: (name: string) => call<void>('POST', `/admin/api/launch/channels/${encodeURIComponent(name)}/delete`),
}
