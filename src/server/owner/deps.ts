import type { Config } from '../config.ts'
import type { Db } from '../db/db.ts'
import type { Transport } from '../mail-transports/transport.ts'
import type { AfterAnswer } from '../http/after-answer.ts'
import type { Logger } from '../log.ts'
import { createExportSlots, type ExportSlots } from './exports.ts'
import { ownerSecret } from './keys.ts'

type OwnerConfig = Pick<
  Config,
  | 'OWNER_EMAILS'
  | 'PUBLIC_URL'
  | 'OWNER_SESSION_IDLE_MINUTES'
  | 'OWNER_SESSION_ABSOLUTE_HOURS'
  | 'OWNER_SIGN_IN_ATTEMPTS'
  | 'OWNER_SIGN_IN_EMAILS'
  | 'TRUST_PROXY'
  | 'STATIC_DIR'
  | 'BETA_IOS_URL'
  | 'BETA_ANDROID_URL'
  | 'INVITATION_INTERVAL_MS'
  | 'BETA_BUILD_LABEL'
  | 'PLAY_REQUIRED_TESTERS'
  | 'PLAY_REQUIRED_DAYS'
  | 'SIGNUP_CONFIRMATION'
>

/** The signed-in owner, as the session check (features/owner-auth) sets it on each console request. */
type OwnerSession = { id: string; email: string; method: string }

/** The context of every console API route: the session check has run and set the session. */
export type OwnerEnv = { Variables: { session: OwnerSession } }

export type OwnerDeps = {
  db: Db
  logger: Logger
  config: OwnerConfig
  wakeEmailQueue: () => void
  /** Work that runs after a request's answer (the emailed sign-in link); shutdown waits for it. */
  afterAnswer: AfterAnswer
  /** Erasure deletes the transport's kept copies (the outbox's files); absent in some tests. */
  transport?: Pick<Transport, 'forget'> | undefined
  /** The owner secret, read (or made) once per process. */
  secret: () => Promise<Buffer>
  /** Running CSV exports, limited per owner and in all. */
  exportSlots: ExportSlots
}

export function ownerDeps(input: Omit<OwnerDeps, 'secret' | 'exportSlots'>): OwnerDeps {
  let secret: Promise<Buffer> | undefined
  return {
    ...input,
    exportSlots: createExportSlots(),
    secret: () => {
      secret ??= ownerSecret(input.db).catch((err: unknown) => {
        secret = undefined
        throw err
      })
      return secret
    },
  }
}
