/** What the console gives every view: sign-out (a failed call's 401 signs out through the query client). */
export type ViewProps = { onSignedOut: () => void }
