import { Button } from '../../ui/button.tsx'

/** Previous and next, with "Page N of M" between them. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  return (
    <nav aria-label={props.label} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-fg-muted">
        Page {props.page} of {Math.max(1, props.pages)}
      </span>
      <Button variant="secondary" disabled={props.page >= props.pages} onClick={() => props.onPage(props.page + 1)}>
        Next
      </Button>
    </nav>
  )
}
