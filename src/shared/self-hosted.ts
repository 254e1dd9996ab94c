/** The public anon key of the self-hosted server when ANON_KEY is unset; it only identifies the page, it grants nothing secret. */
export const LOCAL_ANON_KEY = 'local-anon-key-not-secret'
