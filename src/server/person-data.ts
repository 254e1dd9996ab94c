// What a feature declares about the places it keeps a person's data (Feature.personData), read by
// "Download data" (an access request) and by erasure (features/data-access/). Each feature
// declares its own tables; features.ts assembles them into one list, in erasure's order, so a
// table added later is one more entry in its feature. The guard test
// (features/data-access/data-access.test.ts) fails when a table of the database holds an
// address or a sign-up id and is in no feature's entries, nor named as not about a person.
// docs/decisions/feature-modules.md, docs/decisions/play-closed-testing.md

/** Rows of the same mailbox in any spelling (letter case, dots and +tags where the provider ignores them). */
export const same = (column: string) => `app_private.canonical_email(${column}) = app_private.canonical_email($1)`

export type PersonSource = {
  /** The table, schema-qualified: the key of its rows in the downloaded file. */
  table: string
  /**
   * One statement giving this person's rows as `row` (jsonb), `$1` being the address. Secrets
   * (the tokens of their links) are left out: the file may travel by email.
   */
  rows: string
  /**
   * How erasure removes them: a delete with `$1`; or the table whose delete takes them by
   * cascade; or why they stay.
   */
  erase: { sql: string } | { cascadesFrom: string } | { kept: string }
  /**
   * Tables whose erasure must come after this one's: its statements find the person's rows
   * through them, or its rows point at theirs (children first). Any feature's table may be named.
   */
  before?: readonly string[]
}

/**
 * The sources in erasure's order, which is also the order of the downloaded file's tables: each
 * entry in the order given (the features' list, each feature's entries as written), except that
 * whatever must run before an entry is placed ahead of it. Deterministic, so the file's tables keep
 * their order. Throws, naming the tables, on a table declared twice, an unknown table named by
 * `before` or `cascadesFrom`, a cascade from a table erasure does not delete, or a cycle: the
 * server stops at start rather than erase in a wrong order.
 */
export function orderPersonData(sources: readonly PersonSource[]): PersonSource[] {
  const byTable = new Map<string, PersonSource>()
  for (const source of sources) {
    if (byTable.has(source.table)) throw new Error(`person data: ${source.table} is declared twice`)
    byTable.set(source.table, source)
  }
  /** For each table, the entries that must run before it, in the order given. */
  const firsts = new Map<string, PersonSource[]>()
  for (const source of sources) {
    for (const table of source.before ?? []) {
      if (!byTable.has(table))
        throw new Error(`person data: ${source.table} runs before ${table}, which no feature declares`)
      firsts.set(table, [...(firsts.get(table) ?? []), source])
    }
    if ('cascadesFrom' in source.erase) {
      const parent = byTable.get(source.erase.cascadesFrom)
      if (!parent || !('sql' in parent.erase))
        throw new Error(
          `person data: ${source.table} cascades from ${source.erase.cascadesFrom}, which erasure does not delete`,
        )
    }
  }
  const ordered: PersonSource[] = []
  const placed = new Set<string>()
  const path: string[] = []
  const place = (source: PersonSource) => {
    if (placed.has(source.table)) return
    if (path.includes(source.table))
      throw new Error(`person data: a cycle: ${[...path, source.table].reverse().join(' runs before ')}`)
    path.push(source.table)
    for (const first of firsts.get(source.table) ?? []) place(first)
    path.pop()
    placed.add(source.table)
    ordered.push(source)
  }
  for (const source of sources) place(source)
  return ordered
}

/**
 * Tables with an address or a reference to a person's row that are about no person of the list,
 * each with why (Feature.notAboutAPerson, merged): the guard test accepts these and nothing else
 * outside the sources. A table in both, or named twice, is an error.
 */
export function mergeNotAboutAPerson(
  lists: readonly Readonly<Record<string, string>>[],
  sources: readonly PersonSource[],
): Readonly<Record<string, string>> {
  const merged: Record<string, string> = {}
  for (const list of lists)
    for (const [table, why] of Object.entries(list)) {
      if (table in merged || sources.some((s) => s.table === table))
        throw new Error(`person data: ${table} is declared twice`)
      merged[table] = why
    }
  return merged
}
