/** The address is on a throwaway-address domain. */
export function DisposableBadge() {
  return (
    <span
      className="ms-2 inline-block rounded-full bg-warning/10 px-2 py-0.5 text-xs font-medium text-warning"
      title="A throwaway-address domain: left out of “Invite next N” unless you include it"
    >
      Throwaway
    </span>
  )
}
