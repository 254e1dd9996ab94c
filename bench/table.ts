// One row per target: what was measured, the limit, the ratio where the target is one, and
// whether it is met. Printed as a Markdown table so docs/BENCHMARKS.md can take it as it is.
export type Row = { target: string; measured: string; limit: string; ratio?: string; met: boolean | null }

export const row = (target: string, measured: string, limit: string, met: boolean | null, ratio?: string): Row => ({
  target,
  measured,
  limit,
  met,
  ...(ratio ? { ratio } : {}),
})

export const ms = (v: number) => `${Math.round(v)} ms`
export const s = (v: number) => `${(v / 1000).toFixed(2)} s`
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
export const pct = (v: number) => `${(v * 100).toFixed(0)}%`

export function markdown(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.target,
    r.measured,
    r.limit,
    r.ratio ?? '',
    r.met === null ? 'info' : r.met ? 'yes' : 'NO',
  ])
  const head = ['target', 'measured', 'limit', 'ratio', 'met']
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n')
}
