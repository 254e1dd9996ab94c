import { useEffect, useState } from 'react'
import type { PlatformFilter, StatusFilter } from '../../../shared/beta-testers.ts'
import { useCall } from '../../queries.ts'

/**
 * The sign-ups table's state: the search (sent a short pause after typing stops), the filters,
 * the page, and the page of rows they give (asked again after any write that changes them).
 */
export function useSignupList() {
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<StatusFilter>('all')
  const [platform, setPlatform] = useState<PlatformFilter>('all')

  useEffect(() => {
    // A short pause while typing: one request per search, not per key.
    const t = setTimeout(() => setSearch(q.trim()), 250)
    return () => clearTimeout(t)
  }, [q])
  useEffect(() => setPage(1), [search, status, platform])
  const loaded = useCall('signups', { q: search, page, size: 25, status, platform })

  const filtered = search !== '' || status !== 'all' || platform !== 'all'
  return {
    q,
    setQ,
    search,
    page,
    setPage,
    status,
    setStatus,
    platform,
    setPlatform,
    list: loaded.data,
    filtered,
    error: loaded.error,
  }
}
