import { useEffect } from 'react'
import { useCall } from '../../queries.ts'

export type LaunchRange = { days: number; bucket: 'hour' | 'day' }

/** How often the open view asks again while its tab is visible; a hidden tab asks nothing. */
export const REFRESH_MS = 30_000

/**
 * The Launch report for a range, refreshed every REFRESH_MS while the tab is visible, and at once
 * when it becomes visible again: on launch day the view stays open all day, and costs one small
 * query every half minute only while someone looks at it.
 */
export function useLaunchReport(range: LaunchRange) {
  const { data: report, error, refetch } = useCall('launch', range)
  useRefreshWhileVisible(refetch)
  return { report, error: error?.message ?? null }
}

/** The email queue against the plan's capacity (issue 52), refreshed like the report. */
export function useEmailQueue() {
  const { data, refetch } = useCall('emailQueue')
  useRefreshWhileVisible(refetch)
  return data
}

/** The readiness card's checks: settings change only with a restart, so it is read once per visit. */
export function useLaunchReadiness() {
  return useCall('launchReadiness').data
}

// Its own timer rather than the query's refetchInterval, which wakes a hidden tab too.
function useRefreshWhileVisible(refetch: () => unknown) {
  useEffect(() => {
    const reload = () => void refetch()
    let timer: ReturnType<typeof setInterval> | undefined
    const arm = () => {
      clearInterval(timer)
      timer = undefined
      if (document.visibilityState === 'visible') timer = setInterval(reload, REFRESH_MS)
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') reload()
      arm()
    }
    arm()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [refetch])
}
