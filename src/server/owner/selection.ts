import type { Selection } from '../../shared/console-common.ts'

// The owner's selection of sign-ups (status, platform, search), as the sign-ups list and the
// invitations' store exports read it: one condition, so the two never disagree.

/** SQL condition on `s` for a selection; parameters from `$first` on. */
export function selectionWhere(sel: Selection, first: number): { sql: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  if (sel.status === 'opened') parts.push(`s.opened_at is not null`)
  else if (sel.status !== 'all') parts.push(`s.status = $${first + params.push(sel.status) - 1}`)
  if (sel.platform !== 'all') parts.push(`s.platform = $${first + params.push(sel.platform) - 1}`)
  if (sel.q) {
    const pattern = `%${sel.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
    parts.push(`lower(s.email) like $${first + params.push(pattern) - 1}`)
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', params }
}
