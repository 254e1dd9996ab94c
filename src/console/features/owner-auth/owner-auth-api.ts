/** The owner's calls: who is signed in, sign-in and out, sessions, passkeys and the audit log. Types only from the shared contract (zod stays out of the console's bundle). */
import { call, type Answer } from '../../api.ts'
import { endpointPath, endpoints } from '../../../shared/console-endpoints.ts'

export const ownerAuthApi = {
  me: () => call<Answer<'Me'>>('GET', endpoints.me.path),
  askLink: (email: string) => call<Answer<'LinkRequestAnswer'>>('POST', '/admin/auth/email', { email }),
  signOut: () => call<void>('POST', endpoints.signOut.path),
  sessions: () => call<Answer<'SessionList'>>('GET', endpoints.sessions.path),
  revoke: (id: string) => call<void>('POST', endpointPath(endpoints.revokeSession, id)),
  audit: () => call<Answer<'AuditLog'>>('GET', endpoints.audit.path),
  passkeys: () => call<Answer<'PasskeyList'>>('GET', endpoints.passkeys.path),
  passkeyRegistrationOptions: () => call<Answer<'PasskeyOptions'>>('POST', endpoints.passkeyOptions.path),
  addPasskey: (challengeId: string, response: unknown, name: string) =>
    call<void>('POST', endpoints.addPasskey.path, { challengeId, response, name }),
  removePasskey: (id: string) => call<void>('POST', endpointPath(endpoints.removePasskey, id)),
  passkeySignInOptions: () => call<Answer<'PasskeyOptions'>>('POST', '/admin/auth/passkey/options'),
  passkeySignIn: (challengeId: string, response: unknown) =>
    call<Answer<'PasskeySignIn'>>('POST', '/admin/auth/passkey', { challengeId, response }),
}
