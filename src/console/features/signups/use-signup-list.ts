import { useEffect, useState } from 'react'
import { signupsApi } from './signups-api.ts'
import type { PlatformFilter, StatusFilter } from '../../../shared/beta-testers.ts'
import { useApi } from '../../use-api.ts'

/**
 * The sign-ups table's state: the search (sent a short pause after typing stops), the filters,
 * the page, and the page of rows they give. `refreshKey` changes when the rows may have.
 */
export function useSignupList(props: { refreshKey: number; onError: (err: unknown) => void }) {
  const { refreshKey, onError } = props
  const [q, setQ] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<StatusFilter>('all')
  const [platform, setPlatform] = useState<PlatformFilter>('all')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    // A short pause while typing: one request per search, not per key.
    const t = setTimeout(() => setSearch(q.trim()), 250)
    return () => clearTimeout(t)
  }, [q])
  useEffect(() => setPage(1), [search, status, platform])
  const loaded = useApi(
    () => signupsApi.list(search, page, 25, status, platform),
    [search, page, status, platform, refreshKey],
    onError,
  )
  const list = loaded.data
  // The latest load's error, until the owner dismisses it (setError(null)) or a load succeeds.
  useEffect(() => setError(loaded.error), [loaded.error, loaded.data])

  const filtered = search !== '' || status !== 'all' || platform !== 'all'
  return { q, setQ, search, page, setPage, status, setStatus, platform, setPlatform, list, filtered, error, setError }
}
