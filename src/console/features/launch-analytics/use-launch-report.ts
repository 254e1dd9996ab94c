import { useEffect } from 'react'
import { useApi } from '../../use-api.ts'
import { launchApi, type LaunchRange } from './launch-api.ts'

/** How often the open view asks again while its tab is visible; a hidden tab asks nothing. */
export const REFRESH_MS = 30_000

/**
 * The Launch report for a range, refreshed every REFRESH_MS while the tab is visible, and at once
 * when it becomes visible again: on launch day the view stays open all day, and costs one small
 * query every half minute only while someone looks at it.
 */
export function useLaunchReport(range: LaunchRange, onError: (err: unknown) => void) {
  const { data: report, error, reload } = useApi(() => launchApi.report(range), [range], onError)

  useEffect(() => {
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
  }, [reload])

  return { report, error, reload }
}
