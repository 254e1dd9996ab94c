// Defaults for the two PostgreSQL pools, measured in docs/decisions/perf-server.md. Their own
// file so config.ts can name them without loading the database drivers.

/** Connections for migrations, the email queue, probes and unsubscribes. */
export const POOL_SIZE_DEFAULT = 4
/** Connections that are the anon role from their start: one per concurrent sign-up or contact insert. */
export const ANON_POOL_SIZE_DEFAULT = 32
