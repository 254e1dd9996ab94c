/** The e2e server's challenge key, so a spec can check the page's proof itself. Not a secret. */
export const E2E_SIGNUP_CHALLENGE_SECRET = 'e2e-signup-challenge-secret-not-secret-0123'
